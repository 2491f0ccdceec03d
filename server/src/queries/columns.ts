/**
 * `expr AS "field", …` for a SELECT or RETURNING list (quoted: some fields are camelCase). With
 * `table`, each expression is a column of that table (alias).
 */
export function selectList(columns: Record<string, string>, table?: string): string {
  return Object.entries(columns)
    .map(([field, expr]) => `${table ? `${table}.${expr}` : expr} AS "${field}"`)
    .join(', ');
}

/** A contract type as pg returns it: the timestamp fields are Dates until the service formats them. */
export type DbRow<T, DateFields extends keyof T> = Omit<T, DateFields> & {
  [K in DateFields]: null extends T[K] ? Date | null : Date;
};
