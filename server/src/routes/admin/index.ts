import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../plugins/session.ts';
import serviceJwtRoutes from './service-jwts.ts';

/** Admin folder: 401 without a session, 403 without the admin role, for every route here. */
export default async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin);
  await app.register(serviceJwtRoutes);
}
