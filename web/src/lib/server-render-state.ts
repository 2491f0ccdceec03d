import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '@portal/contract';

/** The state a server-rendered page came with (read once: the element is removed), or null for a page the browser renders. */
export function takeServerRenderState(): ServerRenderState | null {
  const element = document.getElementById(SERVER_RENDER_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as ServerRenderState;
  } catch (error) {
    console.error('The server-rendered page came with unreadable state; it is rendered again here', error);
    return null;
  }
}
