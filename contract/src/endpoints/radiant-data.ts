import { defineEndpoint } from '../endpoint.ts';
import { GalaxyMap, RadiantRowDetail, RadiantRowParams, RadiantRowsPage, RadiantRowsParams, RadiantRowsQuery } from '../radiant-data.ts';

const errors = [400, 401, 403] as const;

/** Radiant Management's data view and galaxy map: what the sync stored (admins). */
export const radiantData = {
  rows: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant/data/:target',
    params: RadiantRowsParams,
    query: RadiantRowsQuery,
    status: 200,
    answer: RadiantRowsPage,
    errors,
  }),
  row: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant/data/:target/:uid',
    params: RadiantRowParams,
    status: 200,
    answer: RadiantRowDetail,
    errors: [...errors, 404],
  }),
  galaxyMap: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant/galaxy-map',
    status: 200,
    answer: GalaxyMap,
    errors,
  }),
};
