import { ErrorCode } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { redactingLogger, type LoggerOption } from './lib/log-redaction.ts';
import depsPlugin from './plugins/deps.ts';
import errorHandler from './plugins/error-handler.ts';
import metrics from './plugins/metrics.ts';
import publicRoutes from './routes/public/index.ts';

/** What a worker answers over HTTP: its probes and its metrics, the same routes as on the web. */
const WORKER_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The HTTP side of PORTAL_MODE=worker, not listening: probes and metrics only, everything else 404. */
export async function buildWorkerApp(deps: Deps, opts: { logger?: LoggerOption } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: redactingLogger(opts.logger) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const notFound = (method: string, url: string) => ({
    error: ErrorCode.NotFound,
    message: `No route for ${method} ${url.split('?')[0]}.`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!WORKER_PATHS.has(request.url.split('?')[0]!)) return reply.code(404).send(notFound(request.method, request.url));
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(notFound(request.method, request.url)));
  await app.register(depsPlugin, { deps });
  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(publicRoutes);
  await app.ready();
  return app;
}
