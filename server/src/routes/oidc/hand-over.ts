import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OidcRequest } from '../../services/oidc/request-context.ts';

/** Hands a request to the protocol library, which answers it (with `raw` in place of the request when its body was read). */
export type HandOver = (request: FastifyRequest, reply: FastifyReply, oidcRequest?: OidcRequest, raw?: IncomingMessage) => Promise<void>;
