import { CurrentUser, ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export default async function meRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/me',
    { schema: { tags: ['me'], summary: 'The signed-in user', response: { 200: CurrentUser, 401: ErrorBody } } },
    async (request) => {
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
      };
    },
  );
}
