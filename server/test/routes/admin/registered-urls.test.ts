import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setForwarding } from '../../../src/services/audit-trail/forwarding.ts';
import { appFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { METADATA_URLS } from '../../helpers/metadata-addresses.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp(); // PUBLIC_URL http://localhost:3000, on loopback
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

const SECRET = 'sixteen-characters';
const setWebhook = (url: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/audit/forwarding',
    payload: { url, secret: SECRET },
    cookies: { portal_session: admin },
  });

let n = 0;
const createApp = (fields: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/apps',
    payload: appFixture({ key: `registered-${++n}`, ...fields }),
    cookies: { portal_session: admin },
  });

/** Every URL an admin registers, the field's name and how to send one. */
const FIELDS: [string, (url: string) => ReturnType<typeof setWebhook>][] = [
  ['Webhook URL', setWebhook],
  ['Back-channel logout URL', (url) => createApp({ backchannel_logout_url: url })],
  ['Front-channel logout URL', (url) => createApp({ frontchannel_logout_url: url })],
  ['URL', (url) => createApp({ url })],
  ['Redirect URLs', (url) => createApp({ redirect_urls: ['https://fine.example.com/cb', url] })],
];

describe('one address rule for every URL an admin registers', () => {
  it.each(FIELDS)('refuses %s at a link-local or metadata address, however spelled, naming the field', async (label, send) => {
    for (const url of METADATA_URLS) {
      const res = await send(url);
      expect(res.statusCode, `${label} ${url}`).toBe(400);
      expect(res.json(), `${label} ${url}`).toEqual({
        error: 'bad_request',
        message: `${label} must not point at a link-local or cloud metadata address`,
      });
    }
    const stored = await ctx.deps.db.query(`SELECT url FROM audit_forwarding UNION ALL SELECT key FROM apps WHERE key LIKE 'registered-%'`);
    expect(stored.rows).toEqual([]);
  });

  it.each(FIELDS)('takes %s at a private address, where operators run their services', async (label, send) => {
    const res = await send('http://10.0.0.5:8080/hook');
    expect(res.statusCode, label).toBeLessThan(300);
  });

  it('refuses a loopback webhook while the portal itself is not on loopback: the portal calls it', async () => {
    const production = { ...ctx.deps, config: { ...ctx.deps.config, publicUrl: 'https://portal.example.com' } };
    const adminId = await userIdOf(ctx, '1:100001');
    const actor = { userId: adminId, meta: { ip: '127.0.0.1', userAgent: null } };
    for (const url of ['http://localhost:9000/metrics', 'http://0x7f000001/hook', 'http://[::1]/hook']) {
      await expect(setForwarding(production, actor, { url, secret: SECRET })).rejects.toMatchObject({
        reason: 'invalid',
        message: 'Webhook URL must not point at a loopback address (this machine) while the portal itself is not on loopback',
      });
    }
  });
});
