import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { authorizePage, DENY, USER_FIELD } from '../pages/authorize.ts';
import { errorPage } from '../pages/error.ts';
import { PAGE_HEADERS } from '../pages/layout.ts';
import { isFormRequest, param, withQuery } from '../params.ts';
import { isKnownScope, SCOPES, splitScopes } from './scopes.ts';

/** The cookie that remembers which simulated user last authorized in this browser (what prompt=none needs). */
const USER_COOKIE = 'discord_simulator_user';

interface AuthorizeRequest {
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  prompt: string | undefined;
}

type Checked =
  | { kind: 'ok'; request: AuthorizeRequest }
  | { kind: 'page'; heading: string; message: string }
  | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string };

/** Checks an authorize request's parameters, from the query (GET) or the form (POST). */
function checkRequest(ctx: SimContext, src: unknown): Checked {
  const clientId = param(src, 'client_id');
  if (clientId !== ctx.application.id) {
    return {
      kind: 'page',
      heading: 'Unknown application',
      message: `Invalid OAuth2 client_id${clientId ? ` ${clientId.slice(0, 40)}` : ''}.`,
    };
  }
  const redirectUri = param(src, 'redirect_uri');
  if (!redirectUri || !ctx.redirectUris.includes(redirectUri)) {
    return { kind: 'page', heading: 'Invalid redirect', message: 'Invalid OAuth2 redirect_uri: it is not one the application registered.' };
  }
  const state = param(src, 'state');
  const back = (error: string, description: string): Checked => ({ kind: 'redirect', redirectUri, state, error, description });
  if (param(src, 'response_type') !== 'code') {
    return back(
      'unsupported_response_type',
      'The authorization server does not support obtaining an authorization code using this method.',
    );
  }
  const scopes = splitScopes(param(src, 'scope'));
  if (scopes.length === 0 || !scopes.every(isKnownScope)) {
    return back('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  return { kind: 'ok', request: { redirectUri, scopes, state, prompt: param(src, 'prompt') } };
}

function cookieUser(request: FastifyRequest): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${USER_COOKIE}=(\\d+)`).exec(request.headers.cookie ?? '');
  return m?.[1];
}

function redirectBack(reply: FastifyReply, to: string, params: Record<string, string | undefined>): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(withQuery(to, params), 302);
}

function refuse(reply: FastifyReply, checked: Exclude<Checked, { kind: 'ok' }>): FastifyReply {
  if (checked.kind === 'page') return reply.code(400).headers(PAGE_HEADERS).send(errorPage(checked.heading, checked.message));
  return redirectBack(reply, checked.redirectUri, { error: checked.error, error_description: checked.description, state: checked.state });
}

/** The code for `userId` and the redirect carrying it; the browser remembers the user for prompt=none. */
function approve(ctx: SimContext, reply: FastifyReply, req: AuthorizeRequest, userId: string): FastifyReply {
  const code = ctx.grants.approve(ctx.application.id, userId, req.scopes, req.redirectUri);
  reply.header('set-cookie', `${USER_COOKIE}=${userId}; Path=/; HttpOnly; SameSite=Lax`);
  return redirectBack(reply, req.redirectUri, { code, state: req.state });
}

/**
 * GET /oauth2/authorize shows one Authorize button per simulated user and Cancel; with `prompt=none` a
 * browser whose last user already authorized these scopes goes straight back with a code (otherwise the
 * page is shown, as Discord does). POST /oauth2/authorize is the page's form.
 */
export function registerAuthorize(app: FastifyInstance, ctx: SimContext): void {
  app.get('/oauth2/authorize', async (request, reply) => {
    const checked = checkRequest(ctx, request.query);
    if (checked.kind !== 'ok') return refuse(reply, checked);
    const req = checked.request;
    const remembered = cookieUser(request);
    if (
      req.prompt === 'none' &&
      remembered &&
      ctx.users.find(remembered) &&
      ctx.grants.authorized(ctx.application.id, remembered, req.scopes)
    ) {
      return approve(ctx, reply, req, remembered);
    }
    const q = request.query as Record<string, unknown>;
    const html = authorizePage({
      applicationName: ctx.application.name,
      scopes: req.scopes.map((scope) => ({ scope, description: SCOPES[scope]! })),
      users: ctx.users.people().map((u) => ({ ...u, inGuild: ctx.guild.member(u.id) !== undefined })),
      redirectUri: req.redirectUri,
      hidden: Object.fromEntries(['response_type', 'client_id', 'scope', 'redirect_uri', 'state', 'prompt'].map((k) => [k, param(q, k)])),
    });
    return reply.headers(PAGE_HEADERS).send(html);
  });

  app.post('/oauth2/authorize', async (request, reply) => {
    if (!isFormRequest(request.headers['content-type'])) {
      return reply.code(400).headers(PAGE_HEADERS).send(errorPage('Bad request', 'The authorize form must be posted form-encoded.'));
    }
    const checked = checkRequest(ctx, request.body);
    if (checked.kind !== 'ok') return refuse(reply, checked);
    const req = checked.request;
    if (param(request.body, DENY.name) === DENY.value) {
      return redirectBack(reply, req.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
        state: req.state,
      });
    }
    const user = ctx.users.find(param(request.body, USER_FIELD) ?? '');
    if (!user || user.bot) {
      return reply.code(400).headers(PAGE_HEADERS).send(errorPage('Unknown account', 'Choose one of the accounts on the authorize page.'));
    }
    return approve(ctx, reply, req, user.id);
  });
}
