import { singleLineText } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameSiteNavigation } from '../../plugins/navigation-guard.ts';
import { requestMeta } from '../../plugins/session.ts';
import { completeDiscordLink, LinkFailed, startDiscordLink } from '../../services/discord/link.ts';
import { Refused } from '../../lib/errors.ts';

const Callback = z.looseObject({
  code: singleLineText('code', { max: 2048 }).optional(),
  state: singleLineText('state', { max: 256 }).optional(),
  error: singleLineText('error', { max: 256 }).optional(),
  error_description: singleLineText('error_description', { max: 2048 }).optional(),
});

/** Your account, with what became of the link in a sentence. */
const accountPage = (publicUrl: string, outcome: { linked: string } | { error: string }) =>
  `${publicUrl}/account?${new URLSearchParams('linked' in outcome ? { discord: 'linked' } : { discord_error: outcome.error }).toString()}#discord`;

/** Linking a Discord account: the player is sent to Discord and comes back here; both answer browsers with redirects. */
export default async function discordLinkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.get(
    '/discord/link',
    {
      schema: { tags: ['auth'], summary: 'Link Discord (signed in): to Discord’s authorize page with identify guilds.join' },
      preHandler: sameSiteNavigation({ action: 'Linking Discord', back: '/account' }),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const auth = await request.loadAuth();
      if (!auth) return reply.redirect(`${deps.config.publicUrl}/login`, 302);
      try {
        return reply.redirect(await startDiscordLink(deps, auth), 302);
      } catch (err) {
        if (err instanceof Refused) return reply.redirect(accountPage(deps.config.publicUrl, { error: err.message }), 302);
        throw err;
      }
    },
  );
  app.get(
    '/discord/callback',
    {
      schema: { tags: ['auth'], summary: 'Discord returns here with a code or an error', querystring: Callback },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        const username = await completeDiscordLink(deps, await request.loadAuth(), request.query, requestMeta(request));
        return reply.redirect(accountPage(deps.config.publicUrl, { linked: username }), 302);
      } catch (err) {
        if (err instanceof LinkFailed) return reply.redirect(accountPage(deps.config.publicUrl, { error: err.message }), 302);
        throw err;
      }
    },
  );
}
