import { adminStoredData } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { galaxyMap } from '../../services/stored-data/galaxy-map.ts';
import { listRows, readRow } from '../../services/stored-data/data-view.ts';
import { route } from '../endpoint-route.ts';

const tags = ['admin: data sync'];

/** Radiant Management's data view and galaxy map: what the sync stored, gone rows included. */
export default async function storedDataRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, adminStoredData.rows, {
    tags,
    summary: "A page of a target's stored rows by name, with whether each still waits for its details",
    handler: (request) => listRows(deps, request.params.target, request.query),
  });
  route(app, adminStoredData.row, {
    tags,
    summary: 'One stored row with the answer SWCombine sent for it',
    handler: (request) => readRow(deps, request.params.target, request.params.uid),
  });
  route(app, adminStoredData.galaxyMap, {
    tags,
    summary: "Listed sectors, systems with coordinates and the faction inventory's entities, as compact rows for the map",
    handler: () => galaxyMap(deps),
  });
}
