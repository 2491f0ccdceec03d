import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { drainOnClose } from './lib/drain-on-close.ts';
import { loggingOptions, type LoggerOption } from './lib/log-redaction.ts';
import type { PortalMetrics } from './metrics.ts';
import depsPlugin from './plugins/deps.ts';
import errorHandler from './plugins/error-handler.ts';
import probeRoutes, { PROBE_LOG_LEVEL } from './routes/public/probes.ts';

interface ManagementOptions {
  /** The set the main app records into (createMetrics), published at /metrics. */
  metrics: PortalMetrics;
  logger?: LoggerOption;
}

/**
 * The management interface on MANAGEMENT_PORT, not listening: /healthz, /readyz and /metrics for the
 * orchestrator and Prometheus, anything else 404. All a worker serves over HTTP. Its own requests are
 * not recorded: the request metrics describe the main port's traffic.
 */
export async function buildManagementApp(deps: Deps, opts: ManagementOptions): Promise<FastifyInstance> {
  const app = Fastify(loggingOptions(opts.logger));
  drainOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(depsPlugin, { deps });
  await app.register(errorHandler);
  await app.register(probeRoutes);
  const { registry } = opts.metrics;
  // Prometheus scrapes every few seconds, as the probes ask.
  app.get('/metrics', { logLevel: PROBE_LOG_LEVEL }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` }),
  );
  await app.ready();
  return app;
}
