import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onRequest hook of the folders whose answers depend on who asks (a session or a bearer token):
 * no shared cache or browser cache may keep them, also when the guard refuses.
 */
export function personalAnswers(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('cache-control', 'no-store');
  done();
}
