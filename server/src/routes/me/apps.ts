import { DashboardAppList, ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appsForUser } from '../../services/app-access/dashboard.ts';

export default async function appsRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/apps',
    { schema: { tags: ['me'], summary: 'Apps the signed-in user may open', response: { 200: DashboardAppList, 401: ErrorBody } } },
    async (request) => appsForUser(app.deps, request.auth),
  );
}
