import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from '../context.ts';
import { authorizePage, type AuthorizePageInput } from '../pages/authorize.ts';
import { errorPage } from '../pages/error.ts';
import { PAGE_HEADERS } from '../pages/layout.ts';
import { withQuery } from '../params.ts';
import { checkAuthorizeRequest, hiddenFields, type AuthorizeCheck, type AuthorizeRequest } from './authorize-request.ts';

/** Answers a failed check: an error page (untrusted client/redirect_uri) or an error redirect. */
export function replyCheckFailure(reply: FastifyReply, check: Exclude<AuthorizeCheck, { kind: 'ok' }>): FastifyReply {
  if (check.kind === 'page') return reply.code(400).headers(PAGE_HEADERS).send(errorPage(check.heading, check.message));
  return reply
    .header('cache-control', 'no-store')
    .redirect(withQuery(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }), 302);
}

/** The consent page for a valid request; `state` carries the player's ticks and a refused UID back to it. */
export function consentPage(ctx: SimContext, req: AuthorizeRequest, state: Pick<AuthorizePageInput, 'ticked' | 'uid'> = {}): string {
  return authorizePage({
    clientName: req.client.name ?? req.client.clientId,
    redirectUri: req.redirectUri,
    scopes: req.scopes,
    offline: req.accessType === 'offline',
    characters: ctx.population.named,
    hidden: hiddenFields(req),
    ...state,
  });
}

/** GET /ws/oauth2/auth/ — validate the request, then show the consent page. */
export function registerAuthorize(app: FastifyInstance, ctx: SimContext): void {
  app.get('/ws/oauth2/auth/', async (request, reply) => {
    const check = checkAuthorizeRequest(request.query, ctx.clients);
    if (check.kind !== 'ok') return replyCheckFailure(reply, check);
    return reply.headers(PAGE_HEADERS).send(consentPage(ctx, check.request));
  });
}
