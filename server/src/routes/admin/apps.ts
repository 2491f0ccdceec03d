import { App, AppInput, ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeApp, createApp, listAdminApps, removeApp } from '../../services/admin/apps.ts';
import { actorOf } from './actor.ts';

const Params = z.object({ id: z.uuid('id must be an app id (a UUID)') });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin: apps'];

export default async function appRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.get('/api/admin/apps', { schema: { tags, response: { 200: z.array(App), ...errors } } }, () => listAdminApps(deps));
  app.post('/api/admin/apps', { schema: { tags, body: AppInput, response: { 201: App, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createApp(deps, actorOf(request), request.body)),
  );
  app.put('/api/admin/apps/:id', { schema: { tags, params: Params, body: AppInput, response: { 200: App, ...errors } } }, (request) =>
    changeApp(deps, actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/apps/:id',
    { schema: { tags, params: Params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeApp(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
