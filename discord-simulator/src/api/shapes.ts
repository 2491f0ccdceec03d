import type { DiscordUserSeed } from '../types.ts';
import type { Guild, Member, Role } from '../world/guild.ts';
import type { Users } from '../world/users.ts';

/** A user object as Discord sends it to others (no email, no locale). */
export function userJson(u: DiscordUserSeed) {
  return {
    id: u.id,
    username: u.username,
    global_name: u.global_name,
    discriminator: '0',
    avatar: null,
    ...(u.bot ? { bot: true } : {}),
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

/** /users/@me: the user object with the fields only its owner sees; `email` and `verified` with the email scope. */
export function currentUserJson(u: DiscordUserSeed, withEmail: boolean) {
  return {
    ...userJson(u),
    mfa_enabled: false,
    locale: 'en-US',
    premium_type: 0,
    ...(withEmail ? { email: u.email ?? null, verified: true } : {}),
  };
}

export function roleJson(r: Role) {
  return {
    id: r.id,
    name: r.name,
    description: null,
    color: r.color,
    colors: { primary_color: r.color, secondary_color: null, tertiary_color: null },
    hoist: r.hoist,
    icon: null,
    unicode_emoji: null,
    position: r.position,
    permissions: r.permissions,
    managed: r.managed,
    mentionable: r.mentionable,
    flags: 0,
    ...(r.tags ? { tags: r.tags } : {}),
  };
}

export function memberJson(m: Member, users: Users) {
  return {
    user: userJson(users.find(m.userId)!),
    nick: m.nick,
    avatar: null,
    banner: null,
    roles: [...m.roles],
    joined_at: m.joinedAt,
    premium_since: m.premiumSince,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    unusual_dm_activity_until: null,
  };
}

export function guildJson(g: Guild, withCounts: boolean) {
  return {
    id: g.id,
    name: g.name,
    icon: null,
    description: g.description,
    home_header: null,
    splash: null,
    discovery_splash: null,
    features: [],
    banner: null,
    owner_id: g.ownerId,
    application_id: null,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: null,
    system_channel_flags: 0,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 1,
    roles: g.rolesInOrder().map(roleJson),
    default_message_notifications: 1,
    mfa_level: 0,
    explicit_content_filter: 2,
    max_presences: null,
    max_members: 250000,
    max_stage_video_channel_users: 50,
    max_video_channel_users: 25,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: g.boosterCount,
    preferred_locale: 'en-US',
    rules_channel_id: null,
    safety_alerts_channel_id: null,
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    emojis: [],
    stickers: [],
    incidents_data: null,
    ...(withCounts ? { approximate_member_count: g.memberCount, approximate_presence_count: 0 } : {}),
  };
}
