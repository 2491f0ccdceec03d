// The first decision of (player, app) pairs nobody has asked about, one at a time: the decision itself
// (the facts forward auth reads in its one query, and the one access rule) timed through the server's own
// query in this process, and a first /auth/verify end to end (the decision, the app's JWT, and the
// session's writes: its idle expiry and the app recorded for sign-out).
import { Agent, request } from 'node:http';
import pg from 'pg';
import { decideFor } from '../../server/src/domain/access.ts';
import { sha256 } from '../../server/src/lib/tokens.ts';
import { findForwardAuths } from '../../server/src/services/app-access/queries/forward-auth.ts';
import type { SeededSession } from './seed-sessions.ts';

/** Milliseconds of each decision, in the order asked; throws on a pair the rule refuses. */
export async function timeDecisions(databaseUrl: string, sessions: SeededSession[]): Promise<number[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const times: number[] = [];
    for (const s of sessions) {
      const started = performance.now();
      const [row] = await findForwardAuths(db, [{ tokenHash: sha256(s.token), audience: s.aud }]);
      if (!row?.app_key) throw new Error(`no session or app for ${s.aud}`);
      const app = { key: row.app_key, skip_uid_whitelist: row.skip_uid_whitelist!, allow_global_admin: row.allow_global_admin! };
      const decision = decideFor(app, row, false, new Date());
      times.push(performance.now() - started);
      if (!decision.allowed) throw new Error(`${row.uid} refused on ${s.aud}: ${decision.reason}`);
    }
    return times;
  } finally {
    await db.end();
  }
}

/** Milliseconds of each first /auth/verify, one request at a time on one kept-alive connection; throws on a refusal. */
export async function timeFirstVerifies(baseUrl: string, sessions: SeededSession[]): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (const s of sessions) {
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${baseUrl}/auth/verify?aud=${s.aud}`, { agent, headers: { cookie: `portal_session=${s.token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`/auth/verify?aud=${s.aud}: ${status} on a first decision`);
    }
    return times;
  } finally {
    agent.destroy();
  }
}
