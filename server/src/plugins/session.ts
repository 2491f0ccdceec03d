import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestMeta } from '../services/audit.ts';
import { resolveSession, type AuthContext } from '../services/sessions/session.ts';
import { passesAdminStepUp } from '../domain/admin-step-up.ts';
import { forbidden, passkeyRequired, unauthorized } from './http-error.ts';

export const SESSION_COOKIE = 'portal_session';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Resolves the session cookie once per request (null when signed out or expired). `read`, at the first
     * call only: a statement that reads the session beside what else the request needs, deciding it with
     * `authOf` as resolveSession does (by default, resolveSession itself).
     */
    loadAuth(read?: (token: string | undefined) => Promise<AuthContext | null>): Promise<AuthContext | null>;
    /** Set by the signed-in and admin guards. */
    auth: AuthContext;
  }
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date) {
  const { secureCookie, cookieDomain } = app.deps.config.session;
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
    path: '/',
    domain: cookieDomain,
    expires: expiresAt,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  const { secureCookie, cookieDomain } = app.deps.config.session;
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secureCookie, path: '/', domain: cookieDomain });
}

/** Guard for the signed-in folder. */
export async function requireSession(request: FastifyRequest) {
  const auth = await request.loadAuth();
  if (!auth) throw unauthorized();
  request.auth = auth;
}

/**
 * Guard for the admin folder: 401 without a session, 403 without the admin role, and 403
 * `passkey_required` when ADMIN_PASSKEY=required and no passkey was used in the session recently enough.
 */
export async function requireAdmin(request: FastifyRequest) {
  await requireSession(request);
  if (!request.auth.isAdmin) throw forbidden();
  const { config, clock } = request.server.deps;
  if (!passesAdminStepUp(config.adminPasskey, request.auth.session.passkey_used_at, clock.now())) {
    throw passkeyRequired(config.adminPasskey.stepUpHours);
  }
}

export default fp(async function sessionPlugin(app: FastifyInstance) {
  const cache = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('loadAuth', function (this: FastifyRequest, read?: (token: string | undefined) => Promise<AuthContext | null>) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.cookies[SESSION_COOKIE];
      pending = read ? read(token) : resolveSession(app.deps, token);
      cache.set(this, pending);
    }
    return pending;
  });
});
