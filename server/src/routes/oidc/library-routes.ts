import { DEVICE_CODE_GRANT } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusedGrantType } from '../../services/oidc/client-authentication.ts';
import { devicePollTooSoon } from '../../services/oidc/device-polls.ts';
import { memoWithClient } from '../../services/oidc/lookups.ts';
import { OAuthError, oauthErrorBody } from '../oauth/oauth-error.ts';
import type { OidcProvider } from '../../services/oidc/provider.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { LIBRARY_BODY_LIMIT, withBody } from '../../services/oidc/library-gaps/index.ts';
import { queryOf, refuseUnreadable } from './authorization-request.ts';
import { callingClient } from '../auth/client.ts';
import deviceRoutes from './device.ts';
import type { HandOver } from './hand-over.ts';
import type { ClientAuthLimit } from '../auth/client-auth-limit.ts';
import { oidcRequestOf } from './oidc-request.ts';

const FORM = ['application/x-www-form-urlencoded'] as const;
const tags = ['openid connect'];

/**
 * The protocol endpoints the library answers itself. Their bodies are left unread here (the library
 * reads and checks them), but for the endpoints a client authenticates at: the portal checks the
 * client first, by the one check every endpoint uses, and whether it may use the grant it asks
 * for (unauthorized_client, where the library would say invalid_request). The guards of the
 * matched route (origin, body type) still apply.
 */
export default async function libraryRoutes(
  app: FastifyInstance,
  { oidc, clientAuthLimit }: { oidc: OidcProvider; clientAuthLimit: ClientAuthLimit },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const handOver: HandOver = async (request, reply, oidcRequest, raw = request.raw) => {
    const handed = oidcRequest ?? (await oidcRequestOf(request));
    // The headers the hooks set (CORS above all) travel with the answer; the library then leaves CORS alone.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    try {
      await oidc.handle(raw, reply.raw, handed);
    } catch (err) {
      request.log.error({ err }, 'the OpenID Provider failed');
      if (reply.raw.headersSent) return void reply.raw.end();
      reply.raw.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      reply.raw.end(JSON.stringify(oauthErrorBody('temporarily_unavailable', 'Try again shortly.')));
    }
  };
  const serverToServer = { crossSite: 'server-to-server', bodyTypes: FORM } as const;

  app.get(DISCOVERY_PATH, { schema: { tags, summary: 'OpenID Connect Discovery 1.0' } }, (request, reply) => handOver(request, reply));
  const { publicUrl } = app.deps.config;
  app.get(
    OIDC_ROUTES.authorization,
    {
      schema: { tags, summary: 'Authorization endpoint (code flow with PKCE)' },
      onRequest: app.signInStartLimit,
      preHandler: async (request, reply) => refuseUnreadable(publicUrl, queryOf(request), reply) ?? undefined,
    },
    (request, reply) => handOver(request, reply),
  );
  app.get(
    `${OIDC_ROUTES.authorization}/:uid`,
    { schema: { tags, summary: 'Where the authorization resumes after the sign-in' } },
    (request, reply) => handOver(request, reply),
  );
  await app.register(deviceRoutes, { handOver });

  // The client's door: its credentials are read from the body here, checked, and the body handed on (library-gaps/replayed-body.ts).
  await app.register(async (door) => {
    door.removeAllContentTypeParsers();
    door.addContentTypeParser(FORM[0], { parseAs: 'buffer', bodyLimit: LIBRARY_BODY_LIMIT }, (_request, body, done) => done(null, body));
    door.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const authenticated =
      (grantTypeOf: (form: URLSearchParams) => string | null, { polls }: { polls: boolean }) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const form = new URLSearchParams(body.toString('utf8'));
        const client = await callingClient(
          request,
          reply,
          {
            authorization: request.headers.authorization,
            clientId: form.get('client_id') ?? undefined,
            clientSecret: form.get('client_secret') ?? undefined,
          },
          { publicAllowed: true, limit: clientAuthLimit },
        );
        const grantType = grantTypeOf(form);
        const refused = refusedGrantType(client, grantType);
        if (refused) throw new OAuthError(400, 'unauthorized_client', refused);
        // RFC 8628 §3.5: a device polling sooner than its interval is told to slow down, before the library looks.
        if (polls && grantType === DEVICE_CODE_GRANT) {
          const interval = await devicePollTooSoon(app.deps, client.key, form.get('device_code'));
          if (interval) throw new OAuthError(400, 'slow_down', `Too soon: poll this device code at most every ${interval} seconds.`);
        }
        await handOver(
          request,
          reply,
          await oidcRequestOf(request, { authenticatedClient: client.key, memo: memoWithClient(client) }),
          withBody(request.raw, body),
        );
      };
    door.post(
      OIDC_ROUTES.token,
      { config: serverToServer, schema: { tags, summary: 'Token endpoint' } },
      authenticated((form) => form.get('grant_type'), { polls: true }),
    );
    door.post(
      OIDC_ROUTES.device_authorization,
      { config: serverToServer, schema: { tags, summary: 'Device authorization endpoint (RFC 8628): a device_code and a user_code' } },
      authenticated(() => DEVICE_CODE_GRANT, { polls: false }),
    );
  });
}
