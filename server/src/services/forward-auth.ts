import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { decideAccess } from '../domain/access.ts';
import { sha256 } from '../lib/tokens.ts';
import { findAccessStatus } from '../queries/access.ts';
import { findAppByAudience } from '../queries/apps.ts';
import { findGrants } from '../queries/grants.ts';
import { recordSessionApp } from '../queries/session-apps.ts';
import { resolveSession } from './sessions.ts';

/** What an app behind the ingress receives for an admitted request. */
export interface VerifiedAccess {
  uid: string;
  name: string;
  roles: string[];
  jwt: string;
}

export const APP_TOKEN_TTL_S = 300;
const CACHE_MS = 30_000;
/** A cached token is handed out only while it has at least this long to live. */
const MIN_REMAINING_MS = 60_000;

/**
 * Forward auth: is this browser's session admitted to the app with this audience? Answers the
 * identity and an RFC 9068 access token for the app, or null (→ 401).
 */
export async function verifyAccess(deps: Deps, token: string | undefined, audience: string): Promise<VerifiedAccess | null> {
  if (!token) return null;
  const key = `${sha256(token).toString('base64url')}|${audience}`;
  const now = deps.clock.now();
  const hit = deps.authCache.get(key, now.getTime());
  if (hit) return hit;

  const [ctx, app] = await Promise.all([resolveSession(deps, token), findAppByAudience(deps.db, audience)]);
  if (!ctx || !app) return null;
  const status = await findAccessStatus(deps.db, ctx.user.id, app.id);
  if (!decideAccess({ app, status, isGlobalAdmin: ctx.isAdmin }).allowed) return null;

  const grants = await findGrants(deps.db, ctx.user.id, app.id);
  const roles = ctx.isAdmin && app.allow_global_admin && !grants.roles.includes('admin') ? [...grants.roles, 'admin'] : grants.roles;
  const iat = Math.floor(now.getTime() / 1000);
  const jwt = await deps.keys.sign(
    {
      iss: deps.config.publicUrl,
      aud: app.audience,
      sub: ctx.user.uid,
      client_id: app.key,
      sid: ctx.session.sid,
      scp: grants.scp,
      roles,
      name: ctx.user.name,
      iat,
      exp: iat + APP_TOKEN_TTL_S,
      jti: randomUUID(),
    },
    'at+jwt',
  );
  await recordSessionApp(deps.db, ctx.session.id, app.id);
  const result: VerifiedAccess = { uid: ctx.user.uid, name: ctx.user.name, roles, jwt };
  const sessionEnds = Math.min(ctx.session.idle_expires_at.getTime(), ctx.session.expires_at.getTime());
  deps.authCache.set(key, result, Math.min(now.getTime() + CACHE_MS, (iat + APP_TOKEN_TTL_S) * 1000 - MIN_REMAINING_MS, sessionEnds));
  return result;
}
