import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listAppUrls } from '../queries/apps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Origins allowed to call with credentials: the portal's own and every registered app's.
     * Answers at once when the cached set decides, else once the apps are read again.
     */
    isAllowedOrigin(origin: string): boolean | Promise<boolean>;
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

/** Calls `then` with the answer, without a promise when the cached set decides; a failed read goes to `fail`. */
export function checkOrigin(app: FastifyInstance, origin: string, then: (allowed: boolean) => void, fail: (err: Error) => void): void {
  const answer = app.isAllowedOrigin(origin);
  if (typeof answer === 'boolean') then(answer);
  else answer.then(then, fail);
}

export default fp(async function allowedOrigins(app: FastifyInstance) {
  const { publicUrl, authBaseUrl } = app.deps.config;
  let origins = new Set<string>();
  let readAt = -Infinity;

  async function read(): Promise<Set<string>> {
    const at = Date.now();
    const urls = [publicUrl, authBaseUrl, ...(await listAppUrls(app.deps.db))];
    origins = new Set(urls.map(originOf).filter((o): o is string => o !== null));
    readAt = at;
    return origins;
  }

  app.decorate('isAllowedOrigin', (origin: string) => {
    const known = origins.has(origin);
    const age = Date.now() - readAt;
    if (age < (known ? CACHE_MS : MISS_RELOAD_MS)) return known;
    return read().then((set) => set.has(origin));
  });
});
