import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { GRANTED_SCOPE_FIELD } from '../pages/authorize.ts';
import { errorPage } from '../pages/error.ts';
import { PAGE_HEADERS } from '../pages/layout.ts';
import { isFormRequest, param, paramList, withQuery } from '../params.ts';
import { splitScopes } from '../scopes.ts';
import { checkAuthorizeRequest } from './authorize-request.ts';
import { replyCheckFailure } from './authorize.ts';

/**
 * POST /ws/oauth2/auth/ — the consent form. Fields: the authorization request's parameters, one
 * `granted_scope` per ticked scope, and `character=<uid>` (approve as that character) or `decision=deny`.
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
    const character = uid === undefined ? undefined : ctx.population.find(uid);
    if (!character) {
      return reply
        .code(400)
        .headers(PAGE_HEADERS)
        .send(errorPage('Unknown character', 'Choose one of the characters on the sign-in page.'));
    }
    const granted = splitScopes(paramList(body, GRANTED_SCOPE_FIELD).join(' '));
    const problem =
      granted.length === 0
        ? 'Tick at least one of the requested permissions, or press Deny.'
        : granted.some((s) => !req.scopes.includes(s))
          ? 'A permission was granted that the application did not ask for.'
          : undefined;
    if (problem) return reply.code(400).headers(PAGE_HEADERS).send(errorPage('Choose what to grant', problem));
    // renew_previously_granted=yes keeps earlier grants this request does not name; no (the default) replaces them.
    const kept = req.renewPreviouslyGranted
      ? ctx.store.previousConsent(req.client.clientId, character.uid).filter((s) => !req.scopes.includes(s))
      : [];
    const scopes = [...new Set([...kept, ...granted])];
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
