import { Health } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReadinessProbe } from '../../services/health/readiness-probe.ts';

/**
 * The orchestrator asks every few seconds (Docker's health check, Kubernetes' probes): a line per ask
 * would bury the log, so only what needs an operator is written, as a warning.
 */
export const PROBE_LOG_LEVEL = 'warn';

/** Liveness and readiness, for the orchestrator: served by web replicas and workers alike. */
export default async function probeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/healthz', { logLevel: PROBE_LOG_LEVEL, schema: { tags: ['ops'], response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  const probe = createReadinessProbe(app.deps.db.options);
  app.addHook('onClose', () => probe.close());
  // Ready = PostgreSQL answers within a second; the probe does not queue behind the request pool.
  app.get(
    '/readyz',
    { logLevel: PROBE_LOG_LEVEL, schema: { tags: ['ops'], response: { 200: Health, 503: Health } } },
    async (request, reply) => {
      if (await probe.ready()) return { status: 'ok' as const };
      request.log.warn(`not ready: PostgreSQL did not answer within ${probe.timeoutMs} ms`);
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );
}
