import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../plugins/http-error.ts';
import { verifyDataServiceToken, type DataReader } from '../../services/stored-data/data-api.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the data folder's guard: the player or service reading. */
    dataReader: DataReader;
  }
}

/** Guard for the data folder: a service JWT (`Authorization: Bearer`) or a live session, else 401. */
export async function requireSessionOrServiceJwt(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Send the service JWT as "Authorization: Bearer <token>".');
    request.dataReader = await verifyDataServiceToken(request.server.deps, match[1]!);
    return;
  }
  const auth = await request.loadAuth();
  if (!auth) throw unauthorized('Sign in, or send a service JWT for the data API as "Authorization: Bearer <token>".');
  request.dataReader = { via: 'session', userId: auth.user.id, isAdmin: auth.isAdmin };
}
