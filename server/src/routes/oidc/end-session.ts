import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { frontChannelLogoutPage, signOutConfirmPage } from '../../lib/message-page.ts';
import { clearSessionCookie, requestMeta, SESSION_COOKIE } from '../../plugins/session.ts';
import { planEndSession, type EndSessionPlan } from '../../services/oidc/end-session.ts';
import { END_SESSION_CONFIRM_PATH, OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { signOut } from '../../services/sessions/sign-out.ts';

const field = (name: string, max: number) =>
  z
    .string()
    .max(max, `${name} must be at most ${max} characters`)
    .refine((v) => /^[\x20-\x7e]*$/.test(v), `${name} must be printable ASCII`)
    .optional();

const Params = z.object({
  id_token_hint: field('id_token_hint', 8192),
  post_logout_redirect_uri: field('post_logout_redirect_uri', 2048),
  state: field('state', 1024),
  client_id: field('client_id', 200),
  ui_locales: field('ui_locales', 200),
  logout_hint: field('logout_hint', 200),
});
type Params = z.infer<typeof Params>;

const tags = ['openid connect'];

/**
 * RP-Initiated Logout: one sign-out path for every app. The portal session ends (and with it every
 * app's: back- and front-channel logout as from the portal's own Sign out), then the browser goes
 * back to the app with its state. Unless the app proves it speaks for this very session (an
 * id_token_hint naming it), the player is asked once.
 */
export default async function endSessionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.deps.config;

  async function finish(request: FastifyRequest, reply: FastifyReply, plan: EndSessionPlan) {
    const { frontChannelUrls } = await signOut(app.deps, request.cookies[SESSION_COOKIE], requestMeta(request));
    clearSessionCookie(app, reply);
    const next = plan.returnTo ?? `${publicUrl}/login`;
    const label = plan.app ? `Back to ${plan.app.name}` : 'Continue to sign-in';
    if (frontChannelUrls.length === 0) return reply.redirect(next, 303);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(frontChannelLogoutPage(frontChannelUrls, next, label));
  }

  async function endSession(request: FastifyRequest, reply: FastifyReply, params: Params) {
    const auth = await request.loadAuth();
    const plan = await planEndSession(app.deps, params, auth);
    if (!auth) return reply.redirect(plan.returnTo ?? `${publicUrl}/login`, 303); // nothing to end
    if (plan.confirmed) return finish(request, reply, plan);
    const fields = Object.fromEntries(
      (['post_logout_redirect_uri', 'state', 'client_id'] as const)
        .map((name) => [name, name === 'client_id' ? (plan.app?.key ?? params.client_id) : params[name]])
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const back = plan.returnTo
      ? { href: plan.returnTo, label: `Stay signed in, back to ${plan.app?.name ?? 'the app'}` }
      : { href: `${publicUrl}/dashboard`, label: 'Back to the dashboard' };
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(signOutConfirmPage(back, { action: END_SESSION_CONFIRM_PATH, fields }, plan.app?.name ?? null));
  }

  app.get(OIDC_ROUTES.end_session, { schema: { tags, summary: 'RP-Initiated Logout', querystring: Params } }, (request, reply) =>
    endSession(request, reply, request.query),
  );
  app.post(
    OIDC_ROUTES.end_session,
    {
      config: { bodyTypes: ['application/x-www-form-urlencoded'] },
      schema: { tags, summary: 'RP-Initiated Logout (form post)', body: Params },
    },
    (request, reply) => endSession(request, reply, request.body),
  );
  app.post(
    END_SESSION_CONFIRM_PATH,
    {
      config: { bodyTypes: ['application/x-www-form-urlencoded'] },
      schema: { tags, summary: 'The player confirmed the sign-out an app asked for', body: Params.omit({ id_token_hint: true }) },
    },
    async (request, reply) => finish(request, reply, await planEndSession(app.deps, request.body, await request.loadAuth())),
  );
}
