import { serviceJwts } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import {
  createServiceJwtConfig,
  deleteServiceJwtConfig,
  listServiceJwtConfigs,
  rotateServiceJwtNow,
  serviceJwtHistory,
  updateServiceJwtConfig,
} from '../../services/service-jwts/configs.ts';
import { replaceSigningKeys } from '../../services/service-jwts/replace-signing-keys.ts';
import { route } from '../endpoint-route.ts';
import { actorOf as actor } from './actor.ts';

const tags = ['admin: service JWTs'];

export default async function serviceJwtRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, serviceJwts.list, { tags, handler: () => listServiceJwtConfigs(deps) });
  route(app, serviceJwts.create, {
    tags,
    summary: 'Create a configuration and write its first token',
    handler: (request) => createServiceJwtConfig(deps, actor(request), request.body),
  });
  route(app, serviceJwts.update, {
    tags,
    handler: (request) => updateServiceJwtConfig(deps, actor(request), request.params.id, request.body),
  });
  route(app, serviceJwts.remove, {
    tags,
    summary: 'Delete a configuration (its Secret is left as it is)',
    handler: async (request) => {
      await deleteServiceJwtConfig(deps, actor(request), request.params.id);
      return null;
    },
  });
  route(app, serviceJwts.rotateNow, { tags, handler: (request) => rotateServiceJwtNow(deps, actor(request), request.params.id) });
  route(app, serviceJwts.rotations, {
    tags,
    summary: 'Rotation history, newest first',
    handler: (request) => serviceJwtHistory(deps, request.params.id),
  });
  route(app, serviceJwts.replaceSigningKeys, {
    tags,
    summary: 'Replace the signing keys now (a suspected leak)',
    handler: (request) => replaceSigningKeys(deps, actor(request)),
  });
}
