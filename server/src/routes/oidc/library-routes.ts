import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OidcProvider } from '../../services/oidc/provider.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { queryOf, refuseUnreadable } from './authorization-request.ts';
import type { ClientAuthLimit } from './client-auth-limit.ts';
import { oidcRequestOf } from './oidc-request.ts';

const FORM = ['application/x-www-form-urlencoded'] as const;
const tags = ['openid connect'];

/**
 * The protocol endpoints the library answers itself. Their bodies are left unread here: the
 * library reads and checks them. The guards of the matched route (origin, body type) still apply.
 */
export default async function libraryRoutes(
  app: FastifyInstance,
  { oidc, clientAuthLimit }: { oidc: OidcProvider; clientAuthLimit: ClientAuthLimit },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const handOver = async (request: FastifyRequest, reply: FastifyReply, oidcRequest = oidcRequestOf(request)) => {
    // The headers the hooks set (CORS above all) travel with the answer; the library then leaves CORS alone.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    try {
      await oidc.handle(request.raw, reply.raw, oidcRequest);
    } catch (err) {
      request.log.error({ err }, 'the OpenID Provider failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      if (!reply.raw.writableEnded)
        reply.raw.end(JSON.stringify({ error: 'temporarily_unavailable', error_description: 'Try again shortly.' }));
    }
  };
  const serverToServer = { crossSite: 'server-to-server', bodyTypes: FORM } as const;

  app.get(DISCOVERY_PATH, { schema: { tags, summary: 'OpenID Connect Discovery 1.0' } }, handOver);
  const { publicUrl } = app.deps.config;
  app.get(
    OIDC_ROUTES.authorization,
    {
      schema: { tags, summary: 'Authorization endpoint (code flow with PKCE)' },
      onRequest: app.signInStartLimit,
      preHandler: async (request, reply) => refuseUnreadable(publicUrl, queryOf(request), reply) ?? undefined,
    },
    handOver,
  );
  app.get(
    `${OIDC_ROUTES.authorization}/:uid`,
    { schema: { tags, summary: 'Where the authorization resumes after the sign-in' } },
    handOver,
  );
  app.post(OIDC_ROUTES.token, { config: serverToServer, schema: { tags, summary: 'Token endpoint' } }, async (request, reply) => {
    // The library names the client before it authenticates it: one that failed too often from this address waits.
    let claimed: string | undefined;
    const clientAuthWait = async (clientId: string) => {
      claimed = clientId;
      const wait = await clientAuthLimit.waitFor(request, clientId);
      if (wait) reply.raw.setHeader('retry-after', String(wait));
      return wait;
    };
    await handOver(request, reply, { ...oidcRequestOf(request), clientAuthWait });
    // At the token endpoint the library answers 401 only for invalid_client.
    if (claimed !== undefined && reply.raw.statusCode === 401) await clientAuthLimit.failed(request, claimed);
  });
}
