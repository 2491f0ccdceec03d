import type { FastifyRequest } from 'fastify';
import type { Store } from './store.ts';
import type { SimulatorCharacter, SimulatorClient, SimulatorFaction, SimulatorStats } from './types.ts';
import type { Galaxy } from './world/galaxy.ts';
import type { Inventories } from './world/inventory.ts';
import type { Population } from './world/population.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Everything the routes share: registered clients, data, token store, rate limiter and clock. */
export interface SimContext {
  clients: ReadonlyMap<string, SimulatorClient>;
  /** Every character, named and generated, with its current faction. */
  population: Population;
  factions: readonly SimulatorFaction[];
  store: Store;
  limiter: RateLimiter;
  stats: SimulatorStats;
  galaxy: Galaxy;
  inventories: Inventories;
  now: () => number;
  accessTokenTtlSeconds: number;
  publicUrl: string | undefined;
}

/** The absolute base URL the caller sees: the configured public URL or the request's own origin. */
export function baseUrl(ctx: SimContext, request: FastifyRequest): string {
  return ctx.publicUrl ?? new URL(`${request.protocol}://${request.host}`).origin;
}

export function avatarPath(uid: string): string {
  return `/sim/avatars/${uid}.svg`;
}

/** The character's image as an absolute URL (the simulator's generated avatar unless one is configured). */
export function imageUrl(ctx: SimContext, request: FastifyRequest, c: SimulatorCharacter): string {
  const image = c.image ?? avatarPath(c.uid);
  return /^https?:\/\//i.test(image) ? image : `${baseUrl(ctx, request)}${image.startsWith('/') ? '' : '/'}${image}`;
}
