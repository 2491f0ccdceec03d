import { ErrorBody, RotationHistory, ServiceJwtConfig, ServiceJwtConfigList, ServiceJwtInput } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createServiceJwtConfig,
  deleteServiceJwtConfig,
  listServiceJwtConfigs,
  rotateServiceJwtNow,
  serviceJwtHistory,
  updateServiceJwtConfig,
} from '../../services/service-jwts/configs.ts';
import { actorOf as actor } from './actor.ts';

const Params = z.object({ id: z.uuid('id must be a JWT configuration id (a UUID)') });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin: service JWTs'];

export default async function serviceJwtRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/api/admin/service-jwts', { schema: { tags, response: { 200: ServiceJwtConfigList, ...errors } } }, () =>
    listServiceJwtConfigs(deps),
  );

  app.post(
    '/api/admin/service-jwts',
    {
      schema: {
        tags,
        summary: 'Create a configuration and write its first token',
        body: ServiceJwtInput,
        response: { 201: ServiceJwtConfig, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createServiceJwtConfig(deps, actor(request), request.body)),
  );

  app.put(
    '/api/admin/service-jwts/:id',
    { schema: { tags, params: Params, body: ServiceJwtInput, response: { 200: ServiceJwtConfig, ...errors } } },
    (request) => updateServiceJwtConfig(deps, actor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/service-jwts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a configuration (its Secret is left as it is)',
        params: Params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteServiceJwtConfig(deps, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/service-jwts/:id/rotate-now',
    { schema: { tags, params: Params, response: { 200: ServiceJwtConfig, 502: ErrorBody, ...errors } } },
    (request) => rotateServiceJwtNow(deps, actor(request), request.params.id),
  );

  app.get(
    '/api/admin/service-jwts/:id/rotations',
    { schema: { tags, summary: 'Rotation history, newest first', params: Params, response: { 200: RotationHistory, ...errors } } },
    (request) => serviceJwtHistory(deps, request.params.id),
  );
}
