import { adminAudit, type AuditFilters } from '@portal/contract';
import { urlOf } from '@/lib/api-client.ts';
import { authServiceUrl } from '@/lib/auth-urls.ts';

/** Where the export downloads from: a link the browser follows with the admin's session, streamed by the server. */
export function exportUrl(filters: AuditFilters, format: 'csv' | 'ndjson'): string {
  return authServiceUrl(urlOf(adminAudit.export, { query: { ...filters, format } }));
}
