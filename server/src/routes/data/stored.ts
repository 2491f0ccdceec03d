import { DataItem, DataItemParams, DataListParams, DataListQuery, DataPage, ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readStoredItem, readStoredPage } from '../../services/sync/data-access.ts';

const REFUSALS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export default async function storedDataRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/data/:target',
    {
      schema: {
        tags: ['data'],
        summary: 'Synced SWCombine rows of a kind, by name (gone rows left out); inventory: admins and services only',
        params: DataListParams,
        querystring: DataListQuery,
        response: { 200: DataPage, ...REFUSALS },
      },
    },
    async (request) => readStoredPage(app.deps, request.dataReader, request.params.target, request.query),
  );

  app.get(
    '/api/data/:target/:uid',
    {
      schema: {
        tags: ['data'],
        summary: 'One synced row by UID, also when gone; inventory: admins and services only',
        params: DataItemParams,
        response: { 200: DataItem, ...REFUSALS, 404: ErrorBody },
      },
    },
    async (request) => readStoredItem(app.deps, request.dataReader, request.params.target, request.params.uid),
  );
}
