import type { SimContext } from '../context.ts';
import { createUser, generateMembers, memberState, memberStates, putMember, removeMember, roleStates, updateRole } from './members.ts';
import {
  clearRateLimit,
  forceRateLimit,
  rateLimitStates,
  rotateBotToken,
  setServerMembersIntent,
  startOutage,
  statsState,
} from './switches.ts';

/**
 * The control API as functions, for tests in the same process: each does what its /sim/ route does (and
 * throws a ControlError where the route answers 400 or 404). Users are named by id or username, roles
 * by id or name.
 */
export function controls(ctx: SimContext) {
  return {
    member: (user: string) => memberState(ctx, user),
    members: (holdingRole?: string) => memberStates(ctx, holdingRole),
    putMember: (user: string, change: { roles?: string[]; nick?: string | null }) => putMember(ctx, user, change),
    removeMember: (user: string) => removeMember(ctx, user),
    generateMembers: (count: number, roles: string[] = []) => generateMembers(ctx, count, roles),
    createUser: (username: string, globalName: string | null = null) => createUser(ctx, username, globalName),
    roles: () => roleStates(ctx),
    updateRole: (role: string, change: { name?: string; position?: number; permissions?: string }) => updateRole(ctx, role, change),
    rateLimits: () => rateLimitStates(ctx),
    forceRateLimit: (
      bucket: string,
      how: { requests?: number; seconds?: number; retry_after?: number; scope?: 'user' | 'shared' | 'global' },
    ) => forceRateLimit(ctx, bucket, how),
    clearRateLimit: (bucket: string) => clearRateLimit(ctx, bucket),
    setServerMembersIntent: (on: boolean) => setServerMembersIntent(ctx, on),
    rotateBotToken: (token?: string) => rotateBotToken(ctx, token).bot_token,
    startOutage: (how: { mode?: 'error' | 'unreachable'; status?: number; requests?: number; seconds?: number }) => startOutage(ctx, how),
    stopOutage: () => ctx.outage.stop(),
    stats: () => statsState(ctx),
    requests: (limit = 100) => ctx.stats.latest(limit),
    auditLog: () => [...ctx.guild.auditLog],
    reset: () => ctx.reset(),
  };
}

export type DiscordSimulatorControls = ReturnType<typeof controls>;
