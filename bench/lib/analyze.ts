// The planner statistics a running PostgreSQL keeps current on its own: autovacuum analyzes a table
// about a minute after a tenth of it has changed. A bench that fills a table in seconds (a cold phase
// writing 10,000 rows) and measures at once would measure plans made for the table when it was empty
// (each pooled connection plans a named statement once): this brings the statistics up to date first,
// as the first minute of a running server would.
import pg from 'pg';

export async function analyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}
