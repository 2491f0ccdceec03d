import type { FastifyInstance } from 'fastify';
import { personalAnswers } from '../../plugins/personal-answers.ts';
import { requireSession } from '../../plugins/session.ts';
import accountRoutes from './account.ts';
import appsRoute from './apps.ts';
import myGroupRoutes from './groups.ts';
import meDiscordRoutes from './discord.ts';
import meRoute from './me.ts';
import passkeyRoutes from './passkeys.ts';
import swcConsentRoutes from './swc-consents.ts';
import swcTokenRoutes from './swc-token.ts';

/** Signed-in folder: every route here needs a live session (401 otherwise). */
export default async function signedInRoutes(app: FastifyInstance) {
  app.addHook('onRequest', personalAnswers);
  app.addHook('onRequest', requireSession);
  await app.register(meRoute);
  await app.register(appsRoute);
  await app.register(swcTokenRoutes);
  await app.register(swcConsentRoutes);
  await app.register(accountRoutes);
  await app.register(passkeyRoutes);
  await app.register(myGroupRoutes);
  await app.register(meDiscordRoutes);
}
