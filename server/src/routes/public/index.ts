import { RuntimeConfig } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runtimeConfigOf } from '../../services/runtime-config.ts';
import jwksRoute from './jwks.ts';
import passkeySignInRoutes from './passkey-sign-in.ts';
import probeRoutes from './probes.ts';

/** Public: probes and the SPA's run-time configuration. */
export default async function publicRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  await app.register(jwksRoute);
  await app.register(probeRoutes);
  await app.register(passkeySignInRoutes);

  app.get('/config.json', { schema: { tags: ['ops'], response: { 200: RuntimeConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfigOf(config);
  });
}
