import { seededUserIds } from '@portal/discord-simulator';
import type { TestContext } from './test-app.ts';

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Presses "Authorize as {username}" on the Discord simulator's page: answers where Discord sends the browser back. */
export async function approveAtDiscord(authorizeUrl: string, username: string, decision: 'allow' | 'deny' = 'allow'): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text();
  const fields: Record<string, string> = {};
  for (const m of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[decode(m[1]!)] = decode(m[2]!);
  const userId = (seededUserIds as Record<string, string>)[username];
  if (!userId) throw new Error(`no simulated Discord user ${username}`);
  const res = await fetch(new URL('/oauth2/authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...fields, ...(decision === 'allow' ? { user_id: userId } : { decision: 'deny' }) }),
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the authorize page answered ${res.status}: ${await res.text()}`);
  return location;
}

/** What an admin enters on Admin → Discord for the simulator's application and server. */
export function simulatorConnection(ctx: TestContext) {
  const c = ctx.discord.connection;
  return { client_id: c.clientId, client_secret: c.clientSecret, bot_token: c.botToken, guild_id: c.guildId };
}

/** Links `username` at Discord for the player signed in with `cookie`: answers where the portal sent the browser. */
export async function linkDiscord(ctx: TestContext, cookie: string, username: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const start = await ctx.app.inject({
    url: '/auth/discord/link',
    cookies: { portal_session: cookie },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  if (start.statusCode !== 302) throw new Error(`link did not redirect: ${start.statusCode} ${start.body}`);
  const back = new URL(await approveAtDiscord(start.headers.location!, username, decision));
  const done = await ctx.app.inject({ url: back.pathname + back.search, cookies: { portal_session: cookie } });
  if (done.statusCode !== 302) throw new Error(`the callback answered ${done.statusCode}: ${done.body}`);
  return new URL(done.headers.location!);
}
