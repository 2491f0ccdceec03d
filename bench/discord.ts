// Discord at community size, counted at the Discord simulator:
// - reconciling a 2,000-member server: its pages of List Guild Members (1,000 a page; one empty page ends the read
//   when the count is a multiple of 1,000) plus one request per change;
// - 100 players linking in a row (token exchange, /users/@me, Add Guild Member through the portal's Discord
//   client): nothing is sent early to a bucket that said to wait, and the time it takes at the simulator's limits.
// The reconcile runs in a product started as command 1 does (its bundled Discord simulator on BENCH_PORT + 2).
// Usage: npm run build -w web && npx node bench/discord.ts [members, default 2000] [hand-given roles, default 30]
import { startDiscordSimulator, seededRoleIds } from '@portal/discord-simulator';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { createDiscordClient } from '../server/src/integrations/discord/client.ts';
import { MEMBER_PAGE } from '../server/src/services/discord/reconcile.ts';
import { report } from './lib/report.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const [members = 2000, handGiven = 30] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const LINKS = 100;
const PORT = Number(process.env.BENCH_PORT ?? 4990);
const ROLE = 'Galactic Weapon Systems';

interface Stats {
  requests: number;
  early: number;
  by_route: Record<string, number>;
  rate_limited: { total: number };
}

async function linksInARow(): Promise<void> {
  const redirect = 'http://localhost:3000/auth/discord/callback';
  const sim = await startDiscordSimulator({ port: 0, redirectUris: [redirect] });
  try {
    const discord = createDiscordClient({ url: sim.url });
    const { clientId, clientSecret, botToken, guildId } = sim.connection;
    const bot = discord.bot(botToken);
    const users = Array.from({ length: LINKS }, (_, i) => sim.createUser(`bench.player.${i}`));
    const codes: string[] = [];
    for (const user of users) {
      // The authorize page's button, as a browser presses it (not a Discord API call, not rate limited).
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        scope: 'identify guilds.join',
        redirect_uri: redirect,
        state: 's',
      });
      const page = await (await fetch(`${sim.url}/oauth2/authorize?${q}`)).text();
      const fields = Object.fromEntries(
        [...page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
      );
      const res = await fetch(`${sim.url}/oauth2/authorize`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ ...fields, user_id: user.id }),
      });
      codes.push(new URL(res.headers.get('location')!).searchParams.get('code')!);
    }
    const before = sim.stats() as unknown as Stats;
    const started = performance.now();
    for (const [i, user] of users.entries()) {
      const tokens = await discord.oauth.exchangeCode({ clientId, clientSecret }, codes[i]!, redirect);
      const me = await discord.oauth.currentUser(tokens.access_token);
      await bot.addMember(
        guildId,
        me.id,
        { access_token: tokens.access_token, roles: [seededRoleIds[ROLE]!], nick: user.username },
        'bench',
      );
    }
    const seconds = (performance.now() - started) / 1000;
    const after = sim.stats() as unknown as Stats;
    const inGuild = users.filter((u) => sim.member(u.id).in_guild).length;
    console.log(
      `  ${LINKS} links: ${after.requests - before.requests} requests, ${after.rate_limited.total - before.rate_limited.total} answered 429, ${seconds.toFixed(1)} s; ${inGuild} in the server`,
    );
    report({
      name: `${LINKS} links in a row: requests sent early to a bucket that said to wait`,
      figure: String(after.early - before.early),
      goal: '0',
      pass: after.early === before.early && inGuild === LINKS,
    });
    report({
      name: `${LINKS} links in a row: time at the simulator's limits (10 token exchanges and 5 /users/@me a window)`,
      figure: `${seconds.toFixed(1)} s`,
      goal: 'info',
      pass: null,
    });
  } finally {
    await sim.close();
  }
}

async function reconcileCost(): Promise<void> {
  const product = await startProduct(PORT);
  const discord = `http://127.0.0.1:${PORT + 2}`;
  const sim = async <T>(method: string, path: string, body?: object) =>
    (await (
      await fetch(`${discord}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) })
    ).json()) as T;
  try {
    const cookie = `portal_session=${await signInOverHttp(product.baseUrl, '1:100001')}`;
    const admin = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${product.baseUrl}${path}`, {
        method,
        headers: { cookie, origin: product.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body && JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const groups = (await admin('GET', '/api/admin/groups')).body as { id: string; faction_uid: string | null }[];
    const faction = groups.find((g) => g.faction_uid === '20:2400')!;
    const saved = await admin('PUT', '/api/admin/discord/role-rules', { rules: [{ group_id: faction.id, role_id: seededRoleIds[ROLE] }] });
    if (saved.status !== 200) throw new Error(`role rules: ${saved.status} ${JSON.stringify(saved.body)}`);
    const seeded = (await sim<unknown[]>('GET', '/sim/members')).length;
    await sim('POST', '/sim/members/generate', { count: handGiven, roles: [ROLE] });
    await sim('POST', '/sim/members/generate', { count: members - seeded - handGiven });
    const total = (await sim<unknown[]>('GET', '/sim/members')).length;
    const before = await sim<Stats>('GET', '/sim/stats');
    const started = performance.now();
    const res = await admin('POST', '/api/admin/discord/reconcile');
    const seconds = (performance.now() - started) / 1000;
    const after = await sim<Stats>('GET', '/sim/stats');
    const { remove, add } = res.body as { add: { count: number }; remove: { count: number } };
    const changes = add.count + remove.count;
    const lists = (after.by_route['GET /guilds/{guild.id}/members'] ?? 0) - (before.by_route['GET /guilds/{guild.id}/members'] ?? 0);
    const requests = after.requests - before.requests;
    // Pages holding members, plus the empty page that ends the read when the count is an exact multiple of 1,000
    // (Discord says nothing of the count while paging): ⌊total / 1000⌋ + 1, which is ⌈total / 1000⌉ otherwise.
    const pages = Math.floor(total / MEMBER_PAGE) + 1;
    console.log(
      `  reconcile of ${total} members: ${lists} list requests, ${changes} changes, ${requests} requests in all, ${seconds.toFixed(1)} s, ${after.early - before.early} early`,
    );
    report({
      name: `reconcile of a ${total}-member server: list requests`,
      figure: String(lists),
      goal: `⌊${total}/1000⌋ + 1 = ${pages}`,
      pass: lists === pages,
    });
    report({
      name: `reconcile of a ${total}-member server with ${changes} roles to take: requests in all`,
      figure: String(requests),
      goal: `${pages} + ${changes} = ${pages + changes}`,
      pass: requests === pages + changes,
    });
  } finally {
    await product.stop();
  }
}

if (!process.argv.includes('--reconcile-only')) await linksInARow();
await reconcileCost();
