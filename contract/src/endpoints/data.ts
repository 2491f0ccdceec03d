import { DataItem, DataItemParams, DataListParams, DataListQuery, DataPage } from '../data.ts';
import { defineEndpoint } from '../endpoint.ts';

const errors = [400, 401, 403] as const;

/** Synced SWCombine data, for signed-in players and for services presenting a service JWT. */
export const syncedData = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/data/:target',
    params: DataListParams,
    query: DataListQuery,
    status: 200,
    answer: DataPage,
    errors,
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/api/data/:target/:uid',
    params: DataItemParams,
    status: 200,
    answer: DataItem,
    errors: [...errors, 404],
  }),
};
