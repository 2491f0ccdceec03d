import { queryString } from '@portal/contract';
import { approveAtSimulator, cookieValue } from './sign-in.ts';
import type { TestContext } from './test-app.ts';

/**
 * Connects the SWC Integration binding (tenant 1324, faction leader) as `uid`, granting
 * `faction_members`: the portal may then read that character's faction roster.
 */
export async function connectRosterBinding(ctx: TestContext, adminCookie: string, uid = '1:100001', tenantId = '1324'): Promise<void> {
  const start = await ctx.app.inject({
    url: `/api/admin/swc/connect${queryString({ tenant_id: tenantId, actor: 'faction-leader', requested_scopes: 'CHARACTER_READ faction_members' })}`,
    cookies: { portal_session: adminCookie },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  if (start.statusCode !== 302) throw new Error(`connect did not redirect: ${start.statusCode} ${start.body}`);
  const url = new URL(await approveAtSimulator(start.headers.location!, uid));
  const done = await ctx.app.inject({
    url: url.pathname + url.search,
    cookies: { portal_login_state: cookieValue(start, 'portal_login_state')!, portal_session: adminCookie },
  });
  if (done.statusCode >= 400) throw new Error(`the binding callback failed: ${done.statusCode} ${done.body}`);
}

/** The user id of a player by UID. */
export async function userIdOf(ctx: TestContext, uid: string): Promise<string> {
  const { rows } = await ctx.deps.db.query<{ id: string }>('SELECT id FROM users WHERE uid = $1', [uid]);
  if (!rows[0]) throw new Error(`no user ${uid}`);
  return rows[0].id;
}
