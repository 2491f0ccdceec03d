import type { FastifyInstance } from 'fastify';
import { findCharacter, type SimContext } from '../context.ts';
import { errorPage } from '../pages/error.ts';
import { PAGE_HEADERS } from '../pages/layout.ts';
import { isFormRequest, param, withQuery } from '../params.ts';
import { checkAuthorizeRequest } from './authorize-request.ts';
import { replyCheckFailure } from './authorize.ts';

/**
 * POST /ws/oauth2/auth/ — the consent form. Fields: the authorization request's parameters, plus
 * `character=<uid>` (approve as that character) or `decision=deny`.
 */
export function registerDecision(app: FastifyInstance, ctx: SimContext): void {
  app.post('/ws/oauth2/auth/', async (request, reply) => {
    if (!isFormRequest(request.headers['content-type'])) {
      return reply.code(400).headers(PAGE_HEADERS).send(errorPage('Bad request', 'The consent form must be posted form-encoded.'));
    }
    const body = request.body;
    const check = checkAuthorizeRequest(body, ctx.clients);
    if (check.kind !== 'ok') return replyCheckFailure(reply, check);
    const req = check.request;
    const back = (params: Record<string, string | undefined>) =>
      reply.header('cache-control', 'no-store').redirect(withQuery(req.redirectUri, { ...params, state: req.state }), 302);

    if (param(body, 'decision') === 'deny') {
      return back({ error: 'access_denied', error_description: 'The player denied access to their account.' });
    }
    const uid = param(body, 'character');
    const character = uid === undefined ? undefined : findCharacter(ctx, uid);
    if (!character) {
      return reply
        .code(400)
        .headers(PAGE_HEADERS)
        .send(errorPage('Unknown character', 'Choose one of the characters on the sign-in page.'));
    }
    const scopes = req.renewPreviouslyGranted
      ? [...new Set([...ctx.store.previousConsent(req.client.clientId, character.uid), ...req.scopes])]
      : req.scopes;
    const code = ctx.store.issueCode({
      clientId: req.client.clientId,
      redirectUri: req.redirectUri,
      uid: character.uid,
      scopes,
      accessType: req.accessType,
    });
    return back({ code: code.code });
  });
}
