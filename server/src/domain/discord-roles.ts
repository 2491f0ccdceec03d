/** Discord's permission bits the portal needs (a decimal bitfield in `permissions`). */
const DISCORD_PERMISSIONS = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
} as const;

/** What the portal needs the bot to be allowed, in the words of Discord's server settings. */
const NEEDED: readonly [bigint, string][] = [
  [DISCORD_PERMISSIONS.MANAGE_ROLES, 'Manage Roles'],
  [DISCORD_PERMISSIONS.MANAGE_NICKNAMES, 'Manage Nicknames'],
  [DISCORD_PERMISSIONS.KICK_MEMBERS, 'Kick Members'],
  [DISCORD_PERMISSIONS.CREATE_INSTANT_INVITE, 'Create Invite'],
];

interface RoleFacts {
  id: string;
  name: string;
  position: number;
  permissions: string;
  managed?: boolean;
}

export interface BotStanding {
  /** The bot's highest role (null: it holds none but @everyone). */
  highest: RoleFacts | null;
  /** The union of its roles' permissions, @everyone's among them. */
  permissions: bigint;
}

/** The bot's place in the server: its highest role and what its roles allow. */
export function botStanding(roles: readonly RoleFacts[], botRoleIds: readonly string[], guildId: string): BotStanding {
  let permissions = 0n;
  let highest: RoleFacts | null = null;
  for (const role of roles) {
    const held = role.id === guildId || botRoleIds.includes(role.id);
    if (!held) continue;
    permissions |= BigInt(role.permissions || '0');
    if (role.id !== guildId && (!highest || role.position > highest.position)) highest = role;
  }
  return { highest, permissions };
}

/** The permissions the bot lacks, by name (Administrator grants them all). */
export function missingPermissions(standing: BotStanding): string[] {
  if (standing.permissions & DISCORD_PERMISSIONS.ADMINISTRATOR) return [];
  return NEEDED.filter(([bit]) => (standing.permissions & bit) === 0n).map(([, name]) => name);
}

/** Why the bot cannot give or take a role, in words; null when it can. */
export function whyNotAssignable(role: RoleFacts, standing: BotStanding, guildId: string): string | null {
  if (role.id === guildId) return 'it is @everyone, which every member holds';
  if (role.managed) return 'it is managed by Discord or another bot';
  if (!standing.highest || role.position >= standing.highest.position) {
    return `it stands above the bot’s highest role${standing.highest ? ` (${standing.highest.name})` : ''}`;
  }
  return null;
}

/**
 * The member's next role list: every role the portal does not manage stays as it is; of the managed
 * roles exactly the desired ones are held. Roles the bot may not touch (`frozen`) stay as they are.
 */
export function nextRoles(
  current: readonly string[],
  managed: ReadonlySet<string>,
  desired: ReadonlySet<string>,
  frozen: ReadonlySet<string> = new Set(),
): { roles: string[]; added: string[]; removed: string[] } {
  const added = [...desired].filter((id) => managed.has(id) && !frozen.has(id) && !current.includes(id));
  const removed = current.filter((id) => managed.has(id) && !frozen.has(id) && !desired.has(id));
  const roles = [...current.filter((id) => !removed.includes(id)), ...added];
  return { roles, added, removed };
}

/** Discord's nickname limit. */
const NICKNAME_MAX = 32;

/** The nickname a template gives: `{name}` and `{faction}` filled in, spaces tidied, cut at 32 characters; null for none. */
export function fillNickname(template: string | null, player: { name: string; faction: string | null }): string | null {
  if (template === null) return null;
  const filled = template
    .replaceAll('{name}', player.name)
    .replaceAll('{faction}', player.faction ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\[\s*\]|\(\s*\)/g, '')
    .trim();
  if (!filled) return null;
  return [...filled].slice(0, NICKNAME_MAX).join('').trim();
}
