import type { DiscordGuildSeed, DiscordRoleSeed } from '../types.ts';
import { compareSnowflakes } from './snowflake.ts';

export interface Role {
  id: string;
  name: string;
  position: number;
  permissions: string;
  color: number;
  hoist: boolean;
  mentionable: boolean;
  managed: boolean;
  tags: DiscordRoleSeed['tags'] | undefined;
}

export interface Member {
  userId: string;
  /** Role ids, @everyone excluded, in the order they were given. */
  roles: string[];
  nick: string | null;
  joinedAt: string;
  premiumSince: string | null;
}

/** One line of the server's audit log: what the bot (or the control API) changed, and the reason it sent. */
export interface AuditEntry {
  at: string;
  /** Discord's audit-log action names: MEMBER_ROLE_UPDATE, MEMBER_UPDATE, MEMBER_KICK, MEMBER_ADD (bot adds). */
  action: 'MEMBER_ADD' | 'MEMBER_KICK' | 'MEMBER_ROLE_UPDATE' | 'MEMBER_UPDATE';
  /** The bot's user id, or `control` for a change made through the control API. */
  actor: string;
  target: string;
  changes: { added?: string[]; removed?: string[]; nick?: { from: string | null; to: string | null } };
  reason: string | null;
}

/** Discord's timestamp format: ISO 8601 with microseconds and an explicit offset. */
export function discordTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

/** The simulated server: its roles, its members and its audit log. Changes here check nothing; the API checks first. */
export class Guild {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly ownerId: string;
  readonly roles: Role[];
  private readonly members = new Map<string, Member>();
  private sortedIds: string[] | undefined;
  readonly auditLog: AuditEntry[] = [];

  constructor(seed: DiscordGuildSeed) {
    this.id = seed.id;
    this.name = seed.name;
    this.description = seed.description;
    this.ownerId = seed.owner_id;
    this.roles = seed.roles.map((r) => ({
      id: r.id,
      name: r.name,
      position: r.position,
      permissions: r.permissions,
      color: r.color ?? 0,
      hoist: r.hoist ?? false,
      mentionable: r.mentionable ?? false,
      managed: r.managed ?? false,
      tags: r.tags ? { ...r.tags } : undefined,
    }));
    if (!this.role(this.id)) throw new TypeError('the guild needs its @everyone role, whose id is the guild id');
    for (const m of seed.members) {
      this.members.set(m.user_id, {
        userId: m.user_id,
        roles: [...m.roles],
        nick: m.nick ?? null,
        joinedAt: m.joined_at,
        premiumSince: m.premium_since ?? null,
      });
    }
  }

  role(id: string): Role | undefined {
    return this.roles.find((r) => r.id === id);
  }

  roleByName(name: string): Role | undefined {
    return this.roles.find((r) => r.name === name);
  }

  /** Roles from the bottom (@everyone) up; equal positions by id, as Discord sorts them. */
  rolesInOrder(): Role[] {
    return [...this.roles].sort((a, b) => a.position - b.position || compareSnowflakes(a.id, b.id));
  }

  get everyone(): Role {
    return this.role(this.id)!;
  }

  member(userId: string): Member | undefined {
    return this.members.get(userId);
  }

  get memberCount(): number {
    return this.members.size;
  }

  /** Members boosting the server (those with `premium_since`). */
  get boosterCount(): number {
    let n = 0;
    for (const m of this.members.values()) if (m.premiumSince) n++;
    return n;
  }

  /** Members ordered by user id (as List Guild Members pages them), those after `after`, at most `limit`. */
  page(after: string, limit: number): Member[] {
    this.sortedIds ??= [...this.members.keys()].sort(compareSnowflakes);
    const ids = this.sortedIds;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareSnowflakes(ids[mid]!, after) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return ids.slice(lo, lo + limit).map((id) => this.members.get(id)!);
  }

  /** The position of the member's highest role (0, @everyone's, for a member without roles). */
  highestPosition(member: Member): number {
    return Math.max(0, ...member.roles.map((id) => this.role(id)?.position ?? 0));
  }

  /** The permission strings of the member's roles, @everyone's included. */
  permissionsOf(member: Member): string[] {
    return [this.everyone.permissions, ...member.roles.map((id) => this.role(id)?.permissions ?? '0')];
  }

  add(userId: string, joinedAt: string, roles: string[] = [], nick: string | null = null): Member {
    const member: Member = { userId, roles: [...new Set(roles)], nick, joinedAt, premiumSince: null };
    this.members.set(userId, member);
    this.sortedIds = undefined;
    return member;
  }

  remove(userId: string): boolean {
    const removed = this.members.delete(userId);
    if (removed) this.sortedIds = undefined;
    return removed;
  }

  /** Replaces the member's roles; answers which were added and which removed. */
  setRoles(member: Member, roles: string[]): { added: string[]; removed: string[] } {
    const next = [...new Set(roles)];
    const added = next.filter((id) => !member.roles.includes(id));
    const removed = member.roles.filter((id) => !next.includes(id));
    member.roles = [...member.roles.filter((id) => next.includes(id)), ...added];
    return { added, removed };
  }

  record(entry: Omit<AuditEntry, 'at'>, at: number): void {
    this.auditLog.push({ at: discordTimestamp(at), ...entry });
    if (this.auditLog.length > 10_000) this.auditLog.splice(0, this.auditLog.length - 10_000);
  }
}
