import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { redactingLogger, type LoggerOption } from './lib/log-redaction.ts';
import depsPlugin from './plugins/deps.ts';
import errorHandler from './plugins/error-handler.ts';
import metrics from './plugins/metrics.ts';
import probeRoutes from './routes/public/probes.ts';

/** The HTTP side of PORTAL_MODE=worker, not listening: /healthz, /readyz and /metrics; anything else 404. */
export async function buildWorkerApp(deps: Deps, opts: { logger?: LoggerOption } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: redactingLogger(opts.logger) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(depsPlugin, { deps });
  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(probeRoutes);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` }),
  );
  await app.ready();
  return app;
}
