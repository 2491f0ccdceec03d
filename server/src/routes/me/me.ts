import { me } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { countManagedGroups } from '../../services/groups/managed-groups.ts';
import { route } from '../endpoint-route.ts';

export default async function meRoute(app: FastifyInstance) {
  route(app, me.get, {
    tags: ['me'],
    summary: 'The signed-in user',
    handler: async (request) => {
      const { user, roles, isAdmin } = request.auth;
      return {
        id: user.id,
        uid: user.uid,
        name: user.name,
        image: user.image,
        race: user.race,
        faction: user.faction,
        role: isAdmin ? 'admin' : 'user',
        roles,
        email: user.email,
        manages_groups: await countManagedGroups(app.deps, user.id),
      };
    },
  });
}
