import type { FastifyInstance } from 'fastify';
import { personalAnswers } from '../../plugins/personal-answers.ts';
import { requireSessionOrServiceJwt } from './guard.ts';
import storedDataRoutes from './stored.ts';

/** Data folder: synced SWCombine data for signed-in players and for services presenting a service JWT. */
export default async function dataRoutes(app: FastifyInstance) {
  app.decorateRequest('dataReader', null as never);
  app.addHook('onRequest', personalAnswers);
  app.addHook('onRequest', requireSessionOrServiceJwt);
  await app.register(storedDataRoutes);
}
