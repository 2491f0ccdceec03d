import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { introspectToken } from '../../services/oidc/introspection.ts';
import { revokeToken } from '../../services/oidc/revocation.ts';
import { callingClient } from '../auth/client.ts';
import type { ClientAuthLimit } from '../auth/client-auth-limit.ts';

const printable = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`)
    .refine((v) => /^[\x21-\x7e]+$/.test(v), `${name} must be printable ASCII without spaces`);

const Body = z.object({
  token: printable('token', 8192),
  token_type_hint: printable('token_type_hint', 100).optional(),
  client_id: printable('client_id', 200).optional(),
  client_secret: printable('client_secret', 200).optional(),
});
type Body = z.infer<typeof Body>;

const tags = ['openid connect'];
const config = { crossSite: 'server-to-server', bodyTypes: ['application/x-www-form-urlencoded'] } as const;

/**
 * Token introspection (RFC 7662) and revocation (RFC 7009), answered by the portal: its access
 * tokens are JWTs the protocol library will neither introspect nor revoke, and a client asks about
 * refresh tokens and access tokens alike.
 */
export default async function introspectionAndRevocationRoutes(
  root: FastifyInstance,
  { clientAuthLimit }: { clientAuthLimit: ClientAuthLimit },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const client = (request: FastifyRequest<{ Body: Body }>, reply: FastifyReply, publicAllowed: boolean) =>
    callingClient(
      request,
      reply,
      { authorization: request.headers.authorization, clientId: request.body.client_id, clientSecret: request.body.client_secret },
      { publicAllowed, limit: clientAuthLimit },
    );

  app.post(
    OIDC_ROUTES.introspection,
    {
      config,
      schema: { tags, summary: 'Token introspection (RFC 7662), for the confidential client the token was issued to', body: Body },
    },
    async (request, reply) => {
      const caller = await client(request, reply, false);
      return reply.header('cache-control', 'no-store').send(await introspectToken(app.deps, caller.key, request.body.token));
    },
  );
  app.post(
    OIDC_ROUTES.revocation,
    {
      config,
      schema: { tags, summary: 'Token revocation (RFC 7009): an access token, or a refresh token and its grant', body: Body },
    },
    async (request, reply) => {
      const caller = await client(request, reply, true);
      await revokeToken(app.deps, caller.key, request.body.token);
      // No body and so no content type: Chromium aborts a cross-origin fetch of an empty text/plain answer.
      return reply.header('cache-control', 'no-store').send();
    },
  );
}
