import { readFileSync } from 'node:fs';
import type { DiscordApplication, DiscordConnection, DiscordGuildSeed, DiscordUserSeed } from './types.ts';

const dataDir = new URL('../data/', import.meta.url);

function loadJson<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(file, dataDir), 'utf8')) as T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The bundled application: client id (= bot user id), client secret and bot token (data/application.json). */
export const defaultApplication: Readonly<DiscordApplication> = deepFreeze(loadJson<DiscordApplication>('application.json'));

/** The bundled Discord users, people and bots (data/users.json). */
export const defaultUsers: readonly DiscordUserSeed[] = deepFreeze(loadJson<DiscordUserSeed[]>('users.json'));

/** The bundled server: its roles and who is in it (data/guild.json). */
export const defaultGuild: Readonly<DiscordGuildSeed> = deepFreeze(loadJson<DiscordGuildSeed>('guild.json'));

/** The seeded connection, what an admin would copy from Discord's developer portal and the server's settings. */
export const seededConnection: Readonly<DiscordConnection> = Object.freeze({
  clientId: defaultApplication.id,
  clientSecret: defaultApplication.client_secret,
  botToken: defaultApplication.bot_token,
  guildId: defaultGuild.id,
});

/** The callback the portal registers when it runs on its default port. */
export const DEFAULT_REDIRECT_URI = 'http://localhost:3000/auth/discord/callback';

/** The seeded role ids by name, e.g. `seededRoleIds['Galactic Weapon Systems']`. */
export const seededRoleIds: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(defaultGuild.roles.map((r) => [r.name, r.id])),
);

/** The seeded user ids by username, e.g. `seededUserIds['mira.solan']`. */
export const seededUserIds: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(defaultUsers.map((u) => [u.username, u.id])),
);
