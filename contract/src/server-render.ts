import type { RuntimeConfig } from './runtime-config.ts';

/** An API answer the server fetched for a page it renders, as the browser's own GET would have read it. */
export interface RenderedAnswer {
  status: number;
  body: string;
}

/** What the server hands the web app's server-render bundle for one page. */
export interface ServerRenderInput {
  pathname: string;
  /** This site's origin as the visitor's browser addressed it. */
  origin: string;
  config: RuntimeConfig;
  /** The page's first GET requests (`ServerRenderedPage.requests`) with their answers, by path. */
  answers: Record<string, RenderedAnswer>;
}

/**
 * Embedded in a server-rendered page as JSON (`<script type="application/json" id="server-render">`):
 * what the browser needs to hydrate the same markup without asking again.
 */
export interface ServerRenderState {
  config: RuntimeConfig;
  origin: string;
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
}

/** A page the server may render, and for whom. */
interface ServerRenderedPage {
  /** true: only for a visitor with a session cookie, whose every request answered 200; false: only without one. */
  signedIn: boolean;
  /** GET requests on the auth service that the page's first render reads. */
  requests: string[];
}

/** The web build's server-render bundle (web/dist-ssr/entry-server.js). */
export interface ServerRenderBundle {
  pages: Record<string, ServerRenderedPage>;
  /** The page's markup (inside #root) and its state, or null when its data did not all arrive. */
  renderPage(input: ServerRenderInput): Promise<{ html: string; state: ServerRenderState } | null>;
}

/** The id of the script element holding `ServerRenderState`. */
export const SERVER_RENDER_STATE_ID = 'server-render';
