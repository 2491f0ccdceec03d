import type { FastifyInstance } from 'fastify';
import { personalAnswers } from '../../plugins/personal-answers.ts';
import { requireAdmin } from '../../plugins/session.ts';
import accessRuleRoutes from './access-rules.ts';
import appRoutes from './apps.ts';
import auditRoutes from './audit.ts';
import centralGrantRoutes from './central-grants.ts';
import discordRoutes from './discord.ts';
import groupRoutes from './groups.ts';
import adminPasskeyRoutes from './passkeys.ts';
import groupManagerRoutes from './group-managers.ts';
import storedDataRoutes from './stored-data.ts';
import syncRoutes from './sync.ts';
import serviceJwtRoutes from './service-jwts.ts';
import swcBindingRoutes from './swc.ts';
import userRoutes from './users.ts';

/** Admin folder: 401 without a session, 403 without the admin role, for every route here. */
export default async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', personalAnswers);
  app.addHook('onRequest', requireAdmin);
  await app.register(appRoutes);
  await app.register(accessRuleRoutes);
  await app.register(userRoutes);
  await app.register(adminPasskeyRoutes);
  await app.register(groupRoutes);
  await app.register(groupManagerRoutes);
  await app.register(centralGrantRoutes);
  await app.register(serviceJwtRoutes);
  await app.register(swcBindingRoutes);
  await app.register(syncRoutes);
  await app.register(auditRoutes);
  await app.register(storedDataRoutes);
  await app.register(discordRoutes);
}
