import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import bodyTypeGuard from './body-type-guard.ts';
import crossSiteGuard from './cross-site-guard.ts';

export default fp(async function security(app: FastifyInstance) {
  const { authBaseUrl, publicUrl } = app.deps.config;
  const authOrigin = authBaseUrl ? new URL(authBaseUrl).origin : null;
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
    // Under no-referrer a browser sends `Origin: null` on form posts (sign-out), even to a sibling
    // host; this policy keeps the real origin there and sends other sites the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain HTTP the header is meaningless and would pin a local host to HTTPS.
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(cors, {
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
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
  // Root hooks reach only routes registered after them: this plugin must come before the routes.
  await app.register(crossSiteGuard);
  await app.register(bodyTypeGuard);
});
