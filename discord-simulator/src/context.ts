import type { FastifyRequest } from 'fastify';
import type { RateLimits } from './limits/limiter.ts';
import type { Grants } from './grants.ts';
import type { Outage } from './outage.ts';
import type { Stats } from './stats.ts';
import type { DiscordApplication } from './types.ts';
import type { Guild } from './world/guild.ts';
import type { Users } from './world/users.ts';

/** What a reset puts back as seeded: the world, the tokens, the switches and the counters. */
export interface SimState {
  application: DiscordApplication;
  users: Users;
  guild: Guild;
  grants: Grants;
  /** The application's privileged "Server Members" intent (List Guild Members needs it). */
  serverMembersIntent: boolean;
  limits: RateLimits;
  outage: Outage;
  stats: Stats;
}

/** Everything the routes share. Read the state fields at request time: a reset replaces them. */
export interface SimContext extends SimState {
  redirectUris: readonly string[];
  now: () => number;
  tokenTtlSeconds: number;
  publicUrl: string | undefined;
  reset(): void;
}

/** The absolute base URL the caller sees: the configured public URL or the request's own origin. */
export function baseUrl(ctx: SimContext, request: FastifyRequest): string {
  return ctx.publicUrl ?? new URL(`${request.protocol}://${request.host}`).origin;
}
