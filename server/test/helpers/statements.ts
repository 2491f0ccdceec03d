import pg from 'pg';

let counting: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const config = args[0];
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  if (counting && typeof text === 'string') counting.push(text);
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** The statements sent to PostgreSQL while `work` runs (by anything in this process: run nothing else meanwhile). */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  counting = statements;
  try {
    return { result: await work(), statements };
  } finally {
    counting = null;
  }
}
