import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import callbackRoute from './callback.ts';
import discordLinkRoutes from './discord.ts';
import localTimeRoute from './local-time.ts';
import loginRoute from './login.ts';
import logoutRoute from './logout.ts';
import { signInErrorHandler } from './sign-in-pages.ts';
import tokenRoute from './token.ts';
import verifyRoute from './verify.ts';

/** Public: the sign-in flow. Each route decides itself what a session changes. */
export default async function authRoutes(app: FastifyInstance) {
  // Browsers come here (sign-in links, SWCombine's redirect, sign-out): they get pages; API callers get JSON.
  app.setErrorHandler(signInErrorHandler);
  // Form bodies are parsed here only (sign-out by form post); routes still opt in by config.bodyTypes.
  await app.register(formbody);
  await app.register(loginRoute);
  await app.register(callbackRoute);
  await app.register(localTimeRoute);
  await app.register(logoutRoute);
  await app.register(verifyRoute);
  await app.register(tokenRoute);
  await app.register(discordLinkRoutes);
}
