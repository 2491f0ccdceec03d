import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OIDC_ROUTES } from '../../services/oidc/paths.ts';
import type { OidcProvider } from '../../services/oidc/provider.ts';
import { createUserinfo, type AccessTokenRecord } from '../../services/oidc/userinfo.ts';
import { oidcRequestOf } from './oidc-request.ts';

const BEARER = /^Bearer ([\w.~+/-]+=*)$/i;
// A header value must stay on one line of printable ASCII.
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/"/g, "'");

function refuse(reply: FastifyReply, error: 'invalid_request' | 'invalid_token', description: string) {
  return reply
    .code(401)
    .header('cache-control', 'no-store')
    .header('www-authenticate', `Bearer realm="portal", error="${error}", error_description="${headerSafe(description)}"`)
    .send({ error, error_description: description });
}

/** OpenID Connect UserInfo (GET and POST with a Bearer token), checked live against the access rule. */
export default async function userinfoRoute(app: FastifyInstance, { oidc }: { oidc: OidcProvider }) {
  const answerUserinfo = createUserinfo(app.deps);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return refuse(reply, 'invalid_request', 'Send the access token as Authorization: Bearer <token>.');
    const answer = await answerUserinfo(
      match[1]!,
      async (token) => (await oidc.findAccessToken(token, oidcRequestOf(request)).catch(() => undefined)) as AccessTokenRecord | undefined,
    );
    if (!answer.ok) return refuse(reply, 'invalid_token', answer.description);
    return reply.header('cache-control', 'no-store').send(answer.claims);
  };
  const schema = { tags: ['openid connect'], summary: 'UserInfo: the claims the access token’s scopes release' };
  app.get(OIDC_ROUTES.userinfo, { schema }, handler);
  // A POST carries the token in its header; its body, if any, is a form.
  app.post(
    OIDC_ROUTES.userinfo,
    { schema, config: { crossSite: 'server-to-server', bodyTypes: ['application/x-www-form-urlencoded'] } },
    handler,
  );
}
