import { meDiscord } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { discordLinkOf, unlinkDiscord } from '../../services/discord/link.ts';
import { route } from '../endpoint-route.ts';

const tags = ['me: Discord'];

export default async function meDiscordRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, meDiscord.get, {
    tags,
    summary: 'The player’s linked Discord account',
    handler: (request) => discordLinkOf(deps, request.auth.user.id),
  });
  route(app, meDiscord.unlink, {
    tags,
    summary: 'Unlink: the managed roles go (or the member leaves the server when on_leave is kick), the Discord token is revoked',
    handler: async (request) => {
      await unlinkDiscord(deps, request.auth.user.id, { meta: requestMeta(request) });
      return null;
    },
  });
}
