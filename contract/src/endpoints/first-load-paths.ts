// Plain data, no imports: web/src/main.tsx starts these GETs before the schemas (zod) have loaded.

/** Paths of the GETs a signed-in screen starts first; the endpoints in ./me.ts are declared with them. */
export const firstLoadPaths = {
  me: '/api/me',
  apps: '/api/apps',
  notices: '/api/me/notices',
  signInNote: '/api/me/sign-in-note',
  swcConsents: '/api/swc/consents',
} as const;
