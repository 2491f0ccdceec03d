import type { DbClient } from '../../db/pool.ts';

/** The names of these apps, in order, for an audit sentence ("access to Fleet Ops, Holonet ended"). */
export async function appNames(db: DbClient, appIds: readonly string[]): Promise<string[]> {
  if (appIds.length === 0) return [];
  const { rows } = await db.query<{ name: string }>('SELECT name FROM apps WHERE id = ANY($1::uuid[]) ORDER BY lower(name)', [appIds]);
  return rows.map((r) => r.name);
}

/** Each app's name by its id, for sentences about many players at once. */
export async function appNamesById(db: DbClient, appIds: readonly string[]): Promise<Map<string, string>> {
  if (appIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM apps WHERE id = ANY($1::uuid[])', [appIds]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
