import { me } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { appsForUser } from '../../services/app-access/dashboard.ts';
import { route } from '../endpoint-route.ts';

export default async function appsRoute(app: FastifyInstance) {
  route(app, me.apps, {
    tags: ['me'],
    summary: 'Apps the signed-in user may open',
    handler: async (request) => appsForUser(app.deps, request.auth),
  });
}
