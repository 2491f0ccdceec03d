import type { FastifyInstance } from 'fastify';
import callbackRoute from './callback.ts';
import loginRoute from './login.ts';
import logoutRoute from './logout.ts';
import verifyRoute from './verify.ts';

/** Public: the sign-in flow. Each route decides itself what a session changes. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(loginRoute);
  await app.register(callbackRoute);
  await app.register(logoutRoute);
  await app.register(verifyRoute);
}
