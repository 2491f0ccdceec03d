import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(async function security(app: FastifyInstance) {
  const authOrigin = app.deps.config.authBaseUrl ? new URL(app.deps.config.authBaseUrl).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: ["'self'", ...(authOrigin ? [authOrigin] : [])],
        frameSrc: ["'self'", 'https:', 'http:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https:', 'http:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    credentials: true,
    // The user list's total; a SPA on another origin could not read it otherwise.
    exposedHeaders: ['x-total-count'],
    origin: (origin, cb) => {
      if (!origin) return cb(null, false);
      app.isAllowedOrigin(origin).then(
        (ok) => cb(null, ok),
        (err: Error) => cb(err, false),
      );
    },
  });
  await app.register(rateLimit, { global: false });

  // CSRF: a browser always names the page's origin on state-changing calls; refuse foreign ones.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && !(await app.isAllowedOrigin(origin))) {
      throw forbidden(`Requests from ${origin} are not allowed.`);
    }
  });
});
