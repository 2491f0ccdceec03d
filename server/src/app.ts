import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { drainOnClose } from './lib/drain-on-close.ts';
import { loggingOptions, type LoggerOption } from './lib/log-redaction.ts';
import { createMetrics, type PortalMetrics } from './metrics.ts';
import allowedOrigins from './plugins/allowed-origins.ts';
import depsPlugin from './plugins/deps.ts';
import docs from './plugins/docs.ts';
import errorHandler from './plugins/error-handler.ts';
import requestMetrics from './plugins/metrics.ts';
import security from './plugins/security.ts';
import session from './plugins/session.ts';
import web from './web/index.ts';
import adminRoutes from './routes/admin/index.ts';
import oidcRoutes from './routes/oidc/index.ts';
import authRoutes from './routes/auth/index.ts';
import dataRoutes from './routes/data/index.ts';
import manageRoutes from './routes/manage/index.ts';
import signedInRoutes from './routes/me/index.ts';
import publicRoutes from './routes/public/index.ts';

interface BuildOptions {
  logger?: LoggerOption;
  /** The built SPA (web/dist); omitted in API tests. */
  webDist?: string;
  /** Where request durations are recorded, for the management app to publish; a fresh set when omitted. */
  metrics?: PortalMetrics;
}

/** The whole HTTP service, not listening: main.ts listens, tests use app.inject. */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request logs never carry OAuth codes, states or tokens from the query string.
    ...loggingOptions(opts.logger),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  drainOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodiless POSTs (grant, suspend, rotate-now) often still say "Content-Type: application/json".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

  await app.register(depsPlugin, { deps });
  await app.register(errorHandler);
  await app.register(cookie);
  await app.register(allowedOrigins);
  await app.register(security);
  await app.register(requestMetrics, { metrics: opts.metrics ?? createMetrics(deps) });
  await app.register(docs);
  await app.register(session);

  await app.register(publicRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(oidcRoutes);
  await app.register(signedInRoutes);
  await app.register(adminRoutes);
  await app.register(manageRoutes);
  await app.register(dataRoutes);
  await app.register(web, { dir: opts.webDist });
  await app.ready();
  return app;
}
