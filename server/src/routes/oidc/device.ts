import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signInFirst } from '../../services/oidc/interaction.ts';
import { OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { setStateCookie } from '../auth/cookies.ts';
import { createCodeEntryLimit } from './code-entry-limit.ts';
import type { HandOver } from './hand-over.ts';
import { oidcRequestOf } from './oidc-request.ts';

const tags = ['openid connect'];
/** A user code as a device shows it (the library's are 8 letters, `BCDF-GHJK`); anything else is not carried through sign-in. */
const USER_CODE = /^[A-Za-z0-9 -]{1,32}$/;

/**
 * The device flow's page (RFC 8628), where a player types the code a bot or a tool shows. The
 * player signs in through SWCombine first, so the page can say who allows the device; the library
 * then shows the app and asks Allow or Deny (services/oidc/device-flow.ts).
 */
export default async function deviceRoutes(app: FastifyInstance, { handOver }: { handOver: HandOver }) {
  const { publicUrl } = app.deps.config;
  app.get(
    OIDC_ROUTES.code_verification,
    {
      schema: { tags, summary: 'Device flow: where a player enters the code a device shows (signs in first)' },
      // It may start a sign-in: it shares the sign-in limit of /auth/login and /oidc/authorize.
      onRequest: app.signInStartLimit,
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const oidcRequest = await oidcRequestOf(request);
      if (oidcRequest.auth) return handOver(request, reply, oidcRequest);
      const code = (request.query as Record<string, unknown>).user_code;
      const back = new URL(OIDC_ROUTES.code_verification, publicUrl);
      if (typeof code === 'string' && USER_CODE.test(code)) back.searchParams.set('user_code', code);
      const { url, state } = await signInFirst(app.deps, back.href);
      setStateCookie(reply, state, app.deps.config.session.secureCookie);
      return reply.redirect(url, 302);
    },
  );
  app.post(
    OIDC_ROUTES.code_verification,
    {
      config: { bodyTypes: ['application/x-www-form-urlencoded'] },
      schema: { tags, summary: 'Device flow: the code entered, then Allow or Deny' },
      // Each post looks a code up: limited per session and per address.
      preHandler: createCodeEntryLimit(app),
    },
    (request, reply) => handOver(request, reply),
  );
  app.get(
    `${OIDC_ROUTES.code_verification}/:uid`,
    { schema: { tags, summary: 'Device flow: where it resumes after the sign-in or the access decision' } },
    (request, reply) => handOver(request, reply),
  );
}
