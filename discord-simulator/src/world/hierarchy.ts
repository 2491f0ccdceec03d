import type { Guild, Member, Role } from './guild.ts';
import { combined, has, type PermissionName } from './permissions.ts';

/**
 * What the bot may do in the server, by Discord's rules: its permissions are the union of its roles'
 * (ADMINISTRATOR grants all); it may give or take only roles positioned below its highest role and never
 * a managed one; it may kick or rename only members whose highest role is below its own, never the owner.
 */
export class BotStanding {
  private readonly guild: Guild;
  private readonly bot: Member | undefined;
  constructor(guild: Guild, botUserId: string) {
    this.guild = guild;
    this.bot = guild.member(botUserId);
  }

  /** False when the bot is not in the server (then every call about it is Missing Access). */
  get inGuild(): boolean {
    return this.bot !== undefined;
  }

  may(permission: PermissionName): boolean {
    return this.bot !== undefined && has(combined(this.guild.permissionsOf(this.bot)), permission);
  }

  get highestPosition(): number {
    return this.bot ? this.guild.highestPosition(this.bot) : 0;
  }

  /** Why the bot may not give or take this role, or undefined when it may. */
  roleRefusal(role: Role): 'managed' | 'above' | 'everyone' | undefined {
    if (role.id === this.guild.id) return 'everyone';
    if (role.managed) return 'managed';
    if (role.position >= this.highestPosition) return 'above';
    return undefined;
  }

  /** Whether the bot may kick this member or change their nickname. */
  outranks(member: Member): boolean {
    return member.userId !== this.guild.ownerId && this.guild.highestPosition(member) < this.highestPosition;
  }
}
