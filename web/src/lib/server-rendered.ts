// What a server-rendered screen shows differently until the browser has taken it over (hydrated it):
// the server's value during hydration, so the markup matches, then the browser's (one more render).
import { useSyncExternalStore } from 'react';

/** The origin a server-rendered page was rendered for (set before rendering or hydrating it). */
let renderedOrigin = '';

export function setRenderedOrigin(origin: string): void {
  renderedOrigin = origin;
}

/** Nothing to subscribe to: these values do not change while the page lives. */
const unchanging = () => () => {};

/**
 * This site's origin as the browser sees it; on a server-rendered page, the origin the server saw
 * until hydrated (they differ only behind a proxy that rewrites the host).
 */
export function useBrowserOrigin(): string {
  return useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => renderedOrigin,
  );
}

/**
 * false while a server-rendered screen waits for its script (in the server's markup and during
 * hydration), true once React runs it in the browser: a control that only works with the script says
 * so (`aria-disabled`) until then, and browser tests wait for it instead of clicking a dead button.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
