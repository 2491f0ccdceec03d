import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import type { AccessToken } from '../grants.ts';

/** Who sent an API request, by its Authorization header: the bot, a user's OAuth2 token, or nobody valid. */
export type Caller = { kind: 'bot' } | { kind: 'user'; token: AccessToken } | { kind: 'none' };

function credentials(request: FastifyRequest): { scheme: 'Bot' | 'Bearer'; token: string } | undefined {
  const m = /^(Bot|Bearer) (\S+)$/.exec(request.headers.authorization ?? '');
  return m ? { scheme: m[1] as 'Bot' | 'Bearer', token: m[2]! } : undefined;
}

export function callerOf(ctx: SimContext, request: FastifyRequest): Caller {
  const c = credentials(request);
  if (c?.scheme === 'Bot' && c.token === ctx.application.bot_token) return { kind: 'bot' };
  if (c?.scheme === 'Bearer') {
    const token = ctx.grants.accessToken(c.token);
    if (token) return { kind: 'user', token };
  }
  return { kind: 'none' };
}

/**
 * Whose rate limits a request counts against: its token's (valid or not, as Discord keys limits by the
 * credentials sent), else its address.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const c = credentials(request);
  if (!c) return `address:${request.ip}`;
  return `${c.scheme}:${createHash('sha256').update(c.token).digest('base64url').slice(0, 22)}`;
}
