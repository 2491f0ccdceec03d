import type { FastifyReply } from 'fastify';

/** The OAuth2 JSON error answer `{ error, error_description }`, never cached. */
export function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, error_description: description });
}
