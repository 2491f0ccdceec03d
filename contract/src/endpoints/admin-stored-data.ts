import { defineEndpoint } from '../endpoint.ts';
import { GalaxyMap, DataViewRowDetail, DataViewRowParams, DataViewRowsPage, DataViewRowsParams, DataViewRowsQuery } from '../data-view.ts';

const errors = [400, 401, 403] as const;

/** Radiant Management's data view and galaxy map: what the sync stored (admins). */
export const adminStoredData = {
  rows: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant/data/:target',
    params: DataViewRowsParams,
    query: DataViewRowsQuery,
    status: 200,
    answer: DataViewRowsPage,
    errors,
  }),
  row: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant/data/:target/:uid',
    params: DataViewRowParams,
    status: 200,
    answer: DataViewRowDetail,
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
