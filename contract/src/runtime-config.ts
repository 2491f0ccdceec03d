import { z } from 'zod';

/** Served by the auth service at GET /config.json so that one web build runs on any host. */
export const RuntimeConfig = z.object({
  /** Base URL of the central auth service ('' = same origin as the SPA). */
  authBaseUrl: z.string(),
  /** Base URL of the game-integration service ('' = same origin). */
  integrationBaseUrl: z.string(),
  /** True when SWCombine is the bundled simulator: the UI says so. */
  simulator: z.boolean(),
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
