import type { FastifyReply } from 'fastify';

/** One page of a list, with how many rows there are in all in X-Total-Count. */
export function withTotal<T>(reply: FastifyReply, rows: T[], total: number): T[] {
  reply.header('x-total-count', String(total));
  return rows;
}
