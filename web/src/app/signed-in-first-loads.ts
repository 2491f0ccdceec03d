// Plain data, importing only plain data: web/vite.config.ts reads it at build time and main.tsx before
// the schemas have loaded.
import { firstLoadPaths as api } from '@portal/contract/first-load-paths';

/** What a signed-in player's first load of a path needs before its screen can show. */
export interface FirstLoad {
  /** The route modules router.tsx renders for the path (layout, guards, screen), as paths under src/. */
  modules: string[];
  /** The GET requests those modules' `prefetch` exports start. */
  requests: string[];
}

const shell = ['app/layout/app-layout.tsx', 'app/guards/session-guard.tsx'];

/**
 * The player's screens. The build turns this into preloads.json (the chunks and stylesheets of these
 * modules, and these requests); the server names them in index.html for a visitor with a session
 * cookie, so they download with the page instead of once the entry script has run.
 * signed-in-first-loads.test.ts checks this against the router.
 */
export const signedInFirstLoads: Record<string, FirstLoad> = {
  '/dashboard': { modules: [...shell, 'app/routes/dashboard.tsx'], requests: [api.me, api.apps, api.notices, api.signInNote] },
  '/profile': { modules: [...shell, 'app/routes/profile.tsx'], requests: [api.me] },
  '/swc/consents': { modules: [...shell, 'app/routes/swc-consents.tsx'], requests: [api.me, api.swcConsents] },
};
