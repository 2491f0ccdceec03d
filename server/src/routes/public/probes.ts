import { Health } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReadinessProbe } from '../../services/health/readiness-probe.ts';

/** Liveness and readiness, for the orchestrator: served by web replicas and workers alike. */
export default async function probeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/healthz', { schema: { tags: ['ops'], response: { 200: Health } } }, async () => ({ status: 'ok' as const }));

  const probe = createReadinessProbe(app.deps.db.options);
  app.addHook('onClose', () => probe.close());
  // Ready = PostgreSQL answers within a second; the probe does not queue behind the request pool.
  app.get('/readyz', { schema: { tags: ['ops'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    if (await probe.ready()) return { status: 'ok' as const };
    return reply.code(503).send({ status: 'unavailable' as const });
  });
}
