import type { Guild } from '../world/guild.ts';
import type { BotStanding } from '../world/hierarchy.ts';
import type { DiscordErrorName } from './errors.ts';

/**
 * Whether the bot may give or take each of these roles: every id must be a role of the server (else
 * Unknown Role), below the bot's highest role and not managed (else Missing Permissions), and the bot
 * needs MANAGE_ROLES for any change at all.
 */
export function roleChangeRefusal(guild: Guild, bot: BotStanding, changed: readonly string[]): DiscordErrorName | undefined {
  if (changed.length === 0) return undefined;
  if (changed.some((id) => !guild.role(id))) return 'unknownRole';
  if (!bot.may('MANAGE_ROLES')) return 'missingPermissions';
  if (changed.some((id) => bot.roleRefusal(guild.role(id)!) !== undefined)) return 'missingPermissions';
  return undefined;
}

/** The roles a member list names, @everyone left out (it is every member's implicitly). */
export function withoutEveryone(guild: Guild, roles: readonly string[]): string[] {
  return [...new Set(roles)].filter((id) => id !== guild.id);
}
