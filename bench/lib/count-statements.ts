// Loaded into the product's process (node --import) by a bench that counts the statements it sends
// PostgreSQL: every query through pg's Client, and those that write (INSERT, UPDATE, DELETE); and
// the requests it sends SWCombine's web services (or the simulator's): fetches of a /ws/ path. On
// SIGUSR2 the counts so far are written to STATEMENT_COUNTS as JSON; see statementCounter(). Statements
// matching STATEMENT_COUNTS_IGNORE (a regular expression), if set, are not counted. With
// STATEMENT_COUNTS_LOG set, each counted statement's first line is appended to that file (to see which they are).
// With STATEMENT_COUNTS_ROWS_OF set (a prepared statement's name), the rows that statement answered are counted too.
import { appendFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const counts = { statements: 0, writes: 0, swcRequests: 0, rows: 0 };
const rowsOf = process.env.STATEMENT_COUNTS_ROWS_OF;
const file = process.env.STATEMENT_COUNTS;
const log = process.env.STATEMENT_COUNTS_LOG;
const ignored = process.env.STATEMENT_COUNTS_IGNORE ? new RegExp(process.env.STATEMENT_COUNTS_IGNORE) : null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
// Each text is classified once: the counter runs inside the product while benches time it, and
// matching a long statement's text on every call would be the counter's cost counted as the product's.
const kinds = new Map<string, 'ignored' | 'read' | 'write'>();
const kindOf = (text: string) => {
  let kind = kinds.get(text);
  if (!kind) {
    kind = ignored?.test(text) ? 'ignored' : /^\s*(WITH\b[\s\S]*\b)?(INSERT|UPDATE|DELETE)\b/i.test(text) ? 'write' : 'read';
    if (kinds.size < 10_000) kinds.set(text, kind);
  }
  return kind;
};
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const config = args[0];
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  const kind = typeof text === 'string' ? kindOf(text) : 'ignored';
  if (kind !== 'ignored') {
    counts.statements++;
    if (log) appendFileSync(log, `${Date.now()} ${(text as string).trim().replace(/\s+/g, ' ').slice(0, 120)}\n`);
    if (kind === 'write') counts.writes++;
  }
  if (rowsOf && (config as { name?: unknown } | null)?.name === rowsOf) {
    // pg's Pool passes a callback last; a client asked directly answers a promise.
    const count = (r: pg.QueryResult | undefined) => (counts.rows += r?.rowCount ?? 0);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: Error | null, r: pg.QueryResult) => {
        if (!err) count(r);
        return (callback as (e: Error | null, r: pg.QueryResult) => unknown)(err, r);
      };
    } else {
      const result = query.apply(this, args);
      if (result instanceof Promise) result.then(count, () => undefined);
      return result;
    }
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
const send = globalThis.fetch;
globalThis.fetch = function countedFetch(input: Parameters<typeof fetch>[0], init?: RequestInit) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (/^https?:\/\/[^/]+\/ws\//.test(url)) counts.swcRequests++;
  return send(input, init);
};
if (file) process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify(counts)));
