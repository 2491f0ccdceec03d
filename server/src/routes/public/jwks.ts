import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JWKS_MAX_AGE_SECONDS } from '../../services/tokens/signing-keys.ts';

const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export default async function jwksRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/.well-known/jwks.json',
    { schema: { tags: ['auth'], summary: 'Public keys that verify the JWTs this service signs', response: { 200: Jwks } } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      return app.deps.keys.jwks();
    },
  );
}
