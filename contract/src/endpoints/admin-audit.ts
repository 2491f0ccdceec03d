import { ActivityPage, AuditExportQuery, AuditQuery, ForwardingInput, ForwardingState } from '../admin-audit.ts';
import { defineEndpoint } from '../endpoint.ts';

const errors = [400, 401, 403] as const;

/** Every audit event, filtered and paged; its export; its forwarding to a webhook (admins). */
export const adminAudit = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/audit', query: AuditQuery, status: 200, answer: ActivityPage, errors }),
  /** A download (a browser navigation or a script), not a fetch: CSV or NDJSON, streamed. */
  export: defineEndpoint({ method: 'GET', path: '/api/admin/audit/export', query: AuditExportQuery, status: 200, errors }),
  forwarding: defineEndpoint({ method: 'GET', path: '/api/admin/audit/forwarding', status: 200, answer: ForwardingState, errors }),
  setForwarding: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/audit/forwarding',
    body: ForwardingInput,
    status: 200,
    answer: ForwardingState,
    errors,
  }),
  removeForwarding: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/audit/forwarding',
    status: 200,
    answer: ForwardingState,
    errors: [...errors, 404],
  }),
};
