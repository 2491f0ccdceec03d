import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settleInteraction, type SignInHandOff } from '../../services/oidc/interaction.ts';
import { INTERACTION_PATH } from '../../services/oidc/paths.ts';
import type { OidcProvider } from '../../services/oidc/provider.ts';
import { setStateCookie } from '../auth/cookies.ts';
import { sendStopPage } from './answers.ts';
import { oidcRequestOf } from './oidc-request.ts';

const Params = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/, 'The sign-in request id is malformed.') });

/** Where the authorization endpoint hands over: the portal's sign-in when needed, then the access rule. */
export default async function interactionRoute(root: FastifyInstance, { oidc }: { oidc: OidcProvider }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${INTERACTION_PATH}/:uid`,
    {
      schema: { tags: ['openid connect'], summary: 'An app asked for a sign-in: sign in if needed, then back to the app', params: Params },
    },
    async (request, reply) => {
      const oidcRequest = await oidcRequestOf(request);
      const details = await oidc.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid) {
        return sendStopPage(reply, app.deps.config.publicUrl, {
          title: 'This sign-in has expired',
          message: 'The app asked for this sign-in too long ago, or in another browser. Go back to the app and sign in again.',
        });
      }
      const outcome = await settleInteraction(app.deps, {
        uid: details.uid,
        clientId: String(details.params.client_id),
        reasons: details.prompt.reasons,
        acrValues: details.params.acr_values,
        signInFrom: (details.result as Partial<SignInHandOff> | undefined)?.portal?.signInFrom,
        auth: oidcRequest.auth,
        meta: oidcRequest.meta,
      });
      if (outcome.kind === 'sign-in') {
        await oidc.interactionResult(request.raw, reply.raw, outcome.handOff);
        setStateCookie(reply, outcome.state, app.deps.config.session.secureCookie);
        return reply.redirect(outcome.url, 302);
      }
      if (outcome.kind === 'confirm-passkey') return reply.redirect(outcome.url, 302);
      reply.hijack();
      await oidc.interactionFinished(request.raw, reply.raw, outcome.result);
    },
  );
}
