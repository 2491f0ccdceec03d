import { defineEndpoint } from '../endpoint.ts';
import { SwcBindingQuery, SwcBindingStatus, SwcConnectQuery } from '../swc.ts';

const errors = [400, 401, 403] as const;

/** A tenant and actor's SWCombine binding (admins). */
export const adminSwc = {
  binding: defineEndpoint({ method: 'GET', path: '/api/admin/swc', query: SwcBindingQuery, status: 200, answer: SwcBindingStatus, errors }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/swc/binding',
    query: SwcBindingQuery,
    status: 200,
    answer: SwcBindingStatus,
    errors: [...errors, 404, 503],
  }),
  /** A browser navigation (Save & Connect), not a fetch: the answer is a redirect to SWCombine. */
  connect: defineEndpoint({ method: 'GET', path: '/api/admin/swc/connect', query: SwcConnectQuery, status: 302, errors }),
};
