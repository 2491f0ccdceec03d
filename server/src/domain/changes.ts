/** What an edit changed, field by field, for the audit log: `{ before: { name: 'Wiki' }, after: { name: 'Docs' } }`. */
export function changesOf(before: object, after: object, fields: readonly string[]) {
  const old = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of fields) {
    if (JSON.stringify(old[field]) === JSON.stringify(next[field])) continue;
    was[field] = old[field] ?? null;
    now[field] = next[field] ?? null;
  }
  return { before: was, after: now };
}
