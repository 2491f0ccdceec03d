import { syncedData } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { readStoredItem, readStoredPage } from '../../services/stored-data/data-api.ts';
import { route } from '../endpoint-route.ts';

export default async function storedDataRoutes(app: FastifyInstance) {
  route(app, syncedData.list, {
    tags: ['data'],
    summary:
      'Synced SWCombine rows of a kind, by name (gone rows left out; details_pending while their details are read); inventory: admins and services only',
    handler: async (request) => readStoredPage(app.deps, request.dataReader, request.params.target, request.query),
  });
  route(app, syncedData.item, {
    tags: ['data'],
    summary: 'One synced row by UID, also when gone; inventory: admins and services only',
    handler: async (request) => readStoredItem(app.deps, request.dataReader, request.params.target, request.params.uid),
  });
}
