import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/db/backup.ts';
import { readBackupHeader, restoreBackup } from '../../src/db/restore.ts';
import { runRotationSweep } from '../../src/services/service-jwts/sweep.ts';
import { createAppFixture, serviceJwtFixture } from '../helpers/fixtures.ts';
import { linkDiscord, simulatorConnection } from '../helpers/discord.ts';
import { connectRosterBinding } from '../helpers/groups.ts';
import { basic, createClientSecret, postForm } from '../helpers/oidc.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

const MIN = 60_000;
const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));

/**
 * The restore drill: a portal in use is backed up, the backup restored into a fresh database, and a portal
 * started on it. What players and apps had keeps working.
 */
describe('the restore drill', () => {
  let before: TestContext;
  let after: TestContext;
  let file: string;
  let player: string;
  let clientSecret: string;
  let serviceJwtId: string;

  beforeAll(async () => {
    before = await createTestApp();
    const admin = (await signIn(before, '1:100001')).cookie;
    player = (await signIn(before, '1:100002')).cookie;
    const app = await createAppFixture(before, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: ['https://wiki.example.com/cb'],
    });
    clientSecret = await createClientSecret(before, admin, app.id);
    const jwt = await before.app.inject({
      method: 'POST',
      url: '/api/admin/service-jwts',
      payload: serviceJwtFixture({ service_name: 'billing', k8s_namespace: 'apps', rotation_interval_minutes: 60 }),
      cookies: { portal_session: admin },
    });
    serviceJwtId = jwt.json().id;
    // The faction group comes with the admin's SWCombine binding (its tokens encrypted); an app rule names it.
    await connectRosterBinding(before, admin, '1:100001');
    const groups = await before.app.inject({ url: '/api/admin/groups', cookies: { portal_session: admin } });
    const group = groups.json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400');
    const rule = await before.app.inject({
      method: 'PUT',
      url: `/api/admin/apps/${app.id}/access-rules`,
      payload: { rules: [{ group_id: group.id, roles: ['pilot'] }] },
      cookies: { portal_session: admin },
    });
    expect(rule.statusCode, rule.body).toBeLessThan(300);
    // The community's Discord connected (its client secret and bot token encrypted), and the player's account linked.
    const discord = await before.app.inject({
      method: 'PUT',
      url: '/api/admin/discord',
      payload: { ...simulatorConnection(before), on_leave: 'remove_roles', nickname: '{name}' },
      cookies: { portal_session: admin },
    });
    expect(discord.statusCode, discord.body).toBe(200);
    const linked = await linkDiscord(before, player, 'mira.solan');
    expect(linked.searchParams.get('discord_error')).toBeNull();

    file = await writeBackup(before.deps.db.options.connectionString!, schemaOf(before), dir);
    after = await createTestApp({}, { prepare: (url, schema) => restoreBackup(url, schema, file) });
  });
  afterAll(async () => {
    await before?.deps.db.query(`DROP SCHEMA IF EXISTS "${schemaOf(before)}_cut" CASCADE`);
    await before?.close();
    await after?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the player signed in', async () => {
    const me = await after.app.inject({ url: '/api/me', cookies: { portal_session: player } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ uid: '1:100002' });
  });

  it('authenticates the app with its client secret, and no other', async () => {
    const right = await postForm(after, '/oidc/introspect', { token: 'not-a-token' }, { authorization: basic('wiki', clientSecret) });
    expect(right.statusCode, right.body).toBe(200);
    const wrong = await postForm(after, '/oidc/introspect', { token: 'not-a-token' }, { authorization: basic('wiki', `${clientSecret}x`) });
    expect(wrong.statusCode).toBe(401);
  });

  it('writes the service JWT’s Secret at the next rotation, signed by a restored key', async () => {
    after.clock.advance(61 * MIN);
    expect(await runRotationSweep(after.deps)).toEqual({ rotated: 1, failed: 0 });
    const token = after.kube.value('apps', 'billing-jwt', 'token');
    expect(token).toBeDefined();
    const kid = JSON.parse(Buffer.from(token!.split('.')[0]!, 'base64url').toString()).kid as string;
    const restored = await before.deps.db.query('SELECT 1 FROM signing_keys WHERE kid = $1', [kid]);
    expect(restored.rowCount).toBe(1);
    const history = await after.deps.db.query('SELECT count(*)::int AS n FROM service_jwt_rotations WHERE config_id = $1', [serviceJwtId]);
    expect(history.rows[0].n).toBe(2);
  });

  it('keeps the group, its rule and the binding’s tokens, still readable with the key', async () => {
    const rules = await after.deps.db.query('SELECT count(*)::int AS n FROM app_access_rules');
    expect(rules.rows[0].n).toBe(1);
    const binding = await after.deps.db.query('SELECT access_token_enc FROM swc_bindings');
    expect(after.deps.encryptor.decrypt(binding.rows[0].access_token_enc)).toMatch(/\S/);
  });

  it('keeps the Discord connection, its secrets readable with the key, and the player’s link', async () => {
    const link = await after.app.inject({ url: '/api/me/discord', cookies: { portal_session: player } });
    expect(link.json()).toMatchObject({ linked: true, username: 'mira.solan' });
    const connection = await after.deps.db.query('SELECT client_secret_enc, bot_token_enc FROM discord_connection');
    expect(after.deps.encryptor.decrypt(connection.rows[0].bot_token_enc)).toBe(simulatorConnection(before).bot_token);
    expect(after.deps.encryptor.decrypt(connection.rows[0].client_secret_enc)).toBe(simulatorConnection(before).client_secret);
  });

  it('leaves the restored tables with the planner’s statistics, as a backup does not carry them', async () => {
    // reltuples is -1 until a table is first analyzed; the restore analyzes what it wrote.
    const { rows } = await after.deps.db.query<{ relname: string; reltuples: number }>(
      `SELECT c.relname, c.reltuples FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relname = ANY($2)`,
      [schemaOf(after), ['users', 'sessions', 'apps', 'audit_log']],
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.reltuples, row.relname).toBeGreaterThan(0);
  });

  it('refuses in words a file that is not a backup, one cut short, and one from a newer schema', async () => {
    const other = path.join(dir, 'notes.txt');
    writeFileSync(other, 'hello');
    await expect(readBackupHeader(other)).rejects.toThrow(`${other} is not a portal backup`);
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const cut = path.join(dir, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, -3).join('\n')));
    await expect(restoreBackup(before.deps.db.options.connectionString!, `${schemaOf(before)}_cut`, cut)).rejects.toThrow('is cut short');
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    const newer = path.join(dir, 'newer.jsonl.gz');
    writeFileSync(
      newer,
      gzipSync([JSON.stringify({ ...header, migrations: [...header.migrations, '999_from_the_future'] }), ...lines.slice(1)].join('\n')),
    );
    await expect(readBackupHeader(newer)).rejects.toThrow(
      'comes from a newer version of the portal (its schema has migration 999_from_the_future, which this version does not know)',
    );
  });
});

/** The schema a test app's pool uses (`-c search_path=<schema>,public`). */
function schemaOf(ctx: TestContext): string {
  return /search_path=([^,]+)/.exec(String(ctx.deps.db.options.options))![1]!;
}
