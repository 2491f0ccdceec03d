import { auditEventLabel, type AuditRow } from '@portal/contract';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * One audit row as a sentence: what happened and to what, where, by whom and why.
 * 'Role revoked: staff on Wiki by Jorin Vex', 'Sign-in refused on Wiki (no access granted)'.
 */
export function auditSentence(row: Pick<AuditRow, 'event' | 'app_key' | 'app_name' | 'actor_name' | 'details'>): string {
  const value = text(row.details.value);
  const via = text(row.details.via);
  const reason = text(row.details.reason);
  const app = row.app_name ?? row.app_key;
  let sentence = auditEventLabel(row.event);
  if (value) sentence += `: ${value}`;
  if (app) sentence += ` on ${app}`;
  if (via) sentence += ` via ${via}`;
  if (row.actor_name) sentence += ` by ${row.actor_name}`;
  if (reason) sentence += ` (${reason})`;
  return sentence;
}
