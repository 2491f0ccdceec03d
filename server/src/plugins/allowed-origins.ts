import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listAppUrls } from '../queries/apps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Origins allowed to call with credentials: the portal's own and every registered app's. */
    isAllowedOrigin(origin: string): Promise<boolean>;
  }
}

const CACHE_MS = 10_000;
/** An origin not in the set re-reads it at most this often, so a newly registered app is admitted at once. */
const MISS_RELOAD_MS = 1_000;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export default fp(async function allowedOrigins(app: FastifyInstance) {
  const { publicUrl, authBaseUrl } = app.deps.config;
  let cached: { at: number; origins: Set<string> } | null = null;

  async function load(maxAgeMs: number): Promise<Set<string>> {
    const now = Date.now();
    if (cached && now - cached.at < maxAgeMs) return cached.origins;
    const urls = [publicUrl, authBaseUrl, ...(await listAppUrls(app.deps.db))];
    const origins = new Set(urls.map(originOf).filter((o): o is string => o !== null));
    cached = { at: now, origins };
    return origins;
  }

  app.decorate('isAllowedOrigin', async (origin: string) => (await load(CACHE_MS)).has(origin) || (await load(MISS_RELOAD_MS)).has(origin));
});
