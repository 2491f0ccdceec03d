import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { createUserinfo } from '../../services/oidc/userinfo.ts';
import { sendOAuthError } from '../oauth/oauth-error.ts';

const BEARER = /^Bearer ([\w.~+/-]+=*)$/i;

/** RFC 6750 §3: a refused bearer token is a 401 with the challenge saying why. */
const refuse = (reply: FastifyReply, error: 'invalid_request' | 'invalid_token', description: string) =>
  sendOAuthError(reply, { status: 401, error, description }, 'Bearer');

/** OpenID Connect UserInfo (GET and POST with a Bearer token), checked live against the access rule. */
export default async function userinfoRoute(app: FastifyInstance) {
  const answerUserinfo = createUserinfo(app.deps);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return refuse(reply, 'invalid_request', 'Send the access token as Authorization: Bearer <token>.');
    const answer = await answerUserinfo(match[1]!);
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
