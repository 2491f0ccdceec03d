import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import bodyTypeGuard from './body-type-guard.ts';
import cors from './cors.ts';
import crossSiteGuard from './cross-site-guard.ts';
import securityHeaders from './security-headers.ts';
import signInLimit from './sign-in-limit.ts';

export default fp(async function security(app: FastifyInstance) {
  await app.register(securityHeaders);
  await app.register(cors);
  await app.register(rateLimit, { global: false });
  await app.register(signInLimit);
  // Root hooks reach only routes registered after them: this plugin must come before the routes.
  await app.register(crossSiteGuard);
  await app.register(bodyTypeGuard);
});
