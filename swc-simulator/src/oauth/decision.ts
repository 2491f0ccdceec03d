import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import type { SimulatorCharacter } from '../types.ts';
import { EXAMPLE_UID } from '../world/population-generate.ts';
import { GRANTED_SCOPE_FIELD, SIGN_IN_BY_UID, UID_FIELD } from '../pages/authorize.ts';
import { errorPage } from '../pages/error.ts';
import { PAGE_HEADERS } from '../pages/layout.ts';
import { isFormRequest, param, paramList, withQuery } from '../params.ts';
import { splitScopes } from '../scopes.ts';
import { checkAuthorizeRequest } from './authorize-request.ts';
import { consentPage, replyCheckFailure } from './authorize.ts';

/** The character a typed UID names, or why it names none (in words, shown beside the field). */
function characterOfTypedUid(ctx: SimContext, typed: string): SimulatorCharacter | string {
  if (typed === '') return `Type a character's UID, like ${EXAMPLE_UID}.`;
  const shown = typed.length > 20 ? `${typed.slice(0, 20)}…` : typed;
  if (!/^1:\d{1,9}$/.test(typed)) return `"${shown}" is not a character UID: a character's UID looks like ${EXAMPLE_UID}.`;
  return ctx.population.find(typed) ?? `No character has the UID ${typed}.`;
}

/**
 * POST /ws/oauth2/auth/ — the consent form. Fields: the authorization request's parameters, one
 * `granted_scope` per ticked scope, and `character=<uid>` (approve as that character),
 * `decision=uid` with `character_uid=<uid>` (approve as the character typed) or `decision=deny`.
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
    const granted = splitScopes(paramList(body, GRANTED_SCOPE_FIELD).join(' '));
    let character: SimulatorCharacter | undefined;
    if (param(body, 'decision') === SIGN_IN_BY_UID) {
      const typed = (param(body, UID_FIELD) ?? '').trim();
      const found = characterOfTypedUid(ctx, typed);
      if (typeof found === 'string') {
        const page = consentPage(ctx, req, { ticked: granted, uid: { value: typed.slice(0, 20), error: found } });
        return reply.code(400).headers(PAGE_HEADERS).send(page);
      }
      character = found;
    } else {
      const uid = param(body, 'character');
      character = uid === undefined ? undefined : ctx.population.find(uid);
    }
    if (!character) {
      return reply
        .code(400)
        .headers(PAGE_HEADERS)
        .send(errorPage('Unknown character', 'Choose one of the characters on the sign-in page.'));
    }
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
