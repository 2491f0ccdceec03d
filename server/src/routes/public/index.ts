import { Health, RuntimeConfig } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReadinessProbe } from '../../db/readiness-probe.ts';
import jwksRoute from './jwks.ts';

/** Public: probes and the SPA's run-time configuration. */
export default async function publicRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app.deps;
  await app.register(jwksRoute);

  app.get('/healthz', { schema: { tags: ['ops'], response: { 200: Health } } }, async () => ({ status: 'ok' as const }));

  const probe = createReadinessProbe(db.options);
  app.addHook('onClose', () => probe.close());
  // Ready = PostgreSQL answers within a second; the probe does not queue behind the request pool.
  app.get('/readyz', { schema: { tags: ['ops'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    if (await probe.ready()) return { status: 'ok' as const };
    return reply.code(503).send({ status: 'unavailable' as const });
  });

  app.get('/config.json', { schema: { tags: ['ops'], response: { 200: RuntimeConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return {
      authBaseUrl: config.authBaseUrl,
      integrationBaseUrl: config.integrationBaseUrl,
      simulator: config.swc.simulator,
      version: '0.0.1',
    };
  });
}
