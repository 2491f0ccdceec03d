import { z } from 'zod';

/** One SPA path's first load as a signed-in visitor: what its screen needs beyond index.html's own files. */
export const WebFirstLoad = z.object({
  /** Chunks under /assets/, as `<link rel="modulepreload">`. */
  modules: z.array(z.string().startsWith('/')),
  /** Stylesheets under /assets/ that those chunks load. */
  styles: z.array(z.string().startsWith('/')),
  /** GET requests on the auth service (paths, before its base URL) that the screen starts first. */
  requests: z.array(z.string().startsWith('/')),
});
export type WebFirstLoad = z.infer<typeof WebFirstLoad>;

/**
 * preloads.json, written beside index.html by the web build: per SPA path, its first load as a
 * signed-in visitor. The server names these in index.html for a visitor with a session cookie, so they
 * download with the page instead of after the entry script has run.
 */
export const WebPreloads = z.record(z.string().startsWith('/'), WebFirstLoad);
export type WebPreloads = z.infer<typeof WebPreloads>;
