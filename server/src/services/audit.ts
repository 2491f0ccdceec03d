import type { DbClient } from '../db/pool.ts';
import { insertAudit, type AuditEntry } from '../queries/audit.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function audit(db: DbClient, meta: RequestMeta, entry: Omit<AuditEntry, 'ip' | 'userAgent'>): Promise<void> {
  return insertAudit(db, { ...entry, ip: meta.ip, userAgent: meta.userAgent });
}
