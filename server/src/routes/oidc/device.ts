import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signInFirst } from '../../services/oidc/interaction.ts';
import { DEVICE_SEND_SCRIPT_PATH, OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { setStateCookie } from '../auth/cookies.ts';
import { createCodeEntryLimit } from './code-entry-limit.ts';
import type { HandOver } from './hand-over.ts';
import { oidcRequestOf } from './oidc-request.ts';

const tags = ['openid connect'];
/** A user code as a device shows it (the library's are 8 letters, `BCDF-GHJK`); anything else is not carried through sign-in. */
const USER_CODE = /^[A-Za-z0-9 -]{1,32}$/;
/** Sends the device page's form that is marked to go at once (the code came with the device's link). */
const SEND_AT_ONCE = `document.querySelector('form[data-send-at-once]')?.submit();\n`;

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
      const code = (request.query as Record<string, unknown>).user_code;
      if (oidcRequest.auth) {
        if (typeof code !== 'string' || !USER_CODE.test(code)) return handOver(request, reply, oidcRequest);
        // The library would answer a code in the address with an unstyled page that posts it on; the portal's
        // own code page does the same, drawn as the others (services/oidc/device-flow.ts).
        request.raw.url = OIDC_ROUTES.code_verification;
        return handOver(request, reply, { ...oidcRequest, userCodeFromLink: code });
      }
      const back = new URL(OIDC_ROUTES.code_verification, publicUrl);
      if (typeof code === 'string' && USER_CODE.test(code)) back.searchParams.set('user_code', code);
      const { url, state } = await signInFirst(app.deps, back.href);
      setStateCookie(reply, state, app.deps.config.session.secureCookie);
      return reply.redirect(url, 302);
    },
  );
  app.get(DEVICE_SEND_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SEND_AT_ONCE),
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
