import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readOriginCircles, type OriginCircle } from '../services/app-origins.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers at once when the cached sets decide, else once the apps are read again. */
    isAllowedOrigin(origin: string, circle: OriginCircle): boolean | Promise<boolean>;
  }
}

const CACHE_MS = 10_000;
/** An origin not in the set re-reads it at most this often, so a newly registered app is admitted at once. */
const MISS_RELOAD_MS = 1_000;

/** Calls `then` with the answer, without a promise when the cached set decides; a failed read goes to `fail`. */
export function checkOrigin(
  app: FastifyInstance,
  origin: string,
  circle: OriginCircle,
  then: (allowed: boolean) => void,
  fail: (err: Error) => void,
): void {
  const answer = app.isAllowedOrigin(origin, circle);
  if (typeof answer === 'boolean') then(answer);
  else answer.then(then, fail);
}

export default fp(async function allowedOrigins(app: FastifyInstance) {
  let circles: Record<OriginCircle, Set<string>> = { portal: new Set(), apps: new Set() };
  let readAt = -Infinity;
  // Every change to apps or access, on any replica, counts a generation: sets read in an older one are read
  // again, so an app registered a moment ago is admitted at its first call. A read a change overtook keeps the
  // generation it began in, and so is read again at the next call.
  let generation = 0;
  let readIn = -1;
  app.deps.accessChanged.listen(() => void generation++);

  async function read(): Promise<typeof circles> {
    const at = Date.now();
    const readFrom = generation;
    circles = await readOriginCircles(app.deps);
    readAt = at;
    readIn = readFrom;
    return circles;
  }

  app.decorate('isAllowedOrigin', (origin: string, circle: OriginCircle) => {
    const known = circles[circle].has(origin);
    const age = Date.now() - readAt;
    if (readIn === generation && age < (known ? CACHE_MS : MISS_RELOAD_MS)) return known;
    return read().then((read) => read[circle].has(origin));
  });
});
