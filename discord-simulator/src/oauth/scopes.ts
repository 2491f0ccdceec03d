/** The OAuth2 scopes a Discord application may ask a user for without Discord's approval, with what each allows. */
export const SCOPES: Readonly<Record<string, string>> = {
  identify: 'Access your username, avatar, and banner',
  email: 'Access your email address',
  guilds: 'Know what servers you are in',
  'guilds.join': 'Join servers for you',
  'guilds.members.read': 'Read your member info (nickname, avatar, roles, etc.) for servers you belong to',
  connections: 'Access your third-party connections',
  'role_connections.write': 'Update your connection and metadata for this app',
  openid: 'Sign you in with OpenID Connect',
};

/** The scopes of a space-separated `scope` parameter, in order, without repeats. */
export function splitScopes(raw: string | undefined): string[] {
  return [...new Set((raw ?? '').split(/[ +]/).filter(Boolean))];
}

export function isKnownScope(scope: string): boolean {
  return Object.hasOwn(SCOPES, scope);
}
