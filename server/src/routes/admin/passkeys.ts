import { adminPasskeys } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { removeUserPasskey, userPasskeys } from '../../services/passkeys/admin-passkeys.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: users'];

export default async function adminPasskeyRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, adminPasskeys.list, {
    tags,
    summary: 'A user’s passkeys: name, when added, when last used',
    handler: (request) => userPasskeys(deps, request.params.id),
  });
  route(app, adminPasskeys.remove, {
    tags,
    summary: 'Remove a user’s passkey (a lost or stolen authenticator)',
    handler: async (request) => {
      await removeUserPasskey(deps, actorOf(request), request.params.id, request.params.passkeyId);
      return null;
    },
  });
}
