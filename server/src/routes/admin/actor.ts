import type { FastifyRequest } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import type { Actor } from '../../services/audit.ts';

export const actorOf = (request: FastifyRequest): Actor => ({ userId: request.auth.user.id, meta: requestMeta(request) });
