import type { FastifyReply } from 'fastify';

/** Binds the OAuth `state` to the browser that started the sign-in. */
export const STATE_COOKIE = 'portal_login_state';

/** The callback accepts the state only from the browser holding this cookie (ten minutes, sent to /auth/callback only). */
export function setStateCookie(reply: FastifyReply, state: string, secure: boolean): void {
  reply.setCookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure, path: '/auth/callback', maxAge: 600 });
}
