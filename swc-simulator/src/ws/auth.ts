import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { param } from '../params.ts';
import { grants } from '../scopes.ts';
import type { AccessRecord } from '../store.ts';
import { sendWsError } from './envelope.ts';

/** The token from `Authorization: OAuth <token>` or `?access_token=`; another Authorization scheme is an error. */
function tokenOf(request: FastifyRequest): { token?: string; error?: string } {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const m = /^OAuth\s+(\S+)\s*$/i.exec(header);
    if (!m) return { error: 'The Authorization header must be "OAuth <access_token>".' };
    return { token: m[1] };
  }
  return { token: param(request.query, 'access_token') };
}

/** The caller's valid access token holding `scope`, or undefined after answering 401/403. */
export function requireToken(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, scope: string): AccessRecord | undefined {
  const { token, error } = tokenOf(request);
  const deny = (message: string) => {
    reply.header('www-authenticate', 'OAuth realm="SWCombine"');
    sendWsError(reply, ctx, request, 401, message);
    return undefined;
  };
  if (error) return deny(error);
  if (token === undefined) return deny('This resource needs an access token.');
  const found = ctx.store.findAccess(token);
  if (found.status === 'unknown') return deny('The access token is invalid or revoked.');
  if (found.status === 'expired') return deny('The access token has expired.');
  if (!grants(found.record.scopes, scope)) {
    sendWsError(reply, ctx, request, 403, `This resource needs the ${scope} scope.`);
    return undefined;
  }
  return found.record;
}
