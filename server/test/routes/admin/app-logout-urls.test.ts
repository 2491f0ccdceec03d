import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/services/admin/apps.ts';
import { appFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp(); // PUBLIC_URL http://localhost:3000, on loopback
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

let n = 0;
const create = (fields: { backchannel_logout_url?: string; frontchannel_logout_url?: string }) => {
  const key = `logout-${++n}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/apps',
    payload: appFixture({ key, ...fields }),
    cookies: { portal_session: admin },
  });
};

const METADATA_MESSAGE = 'Back-channel logout URL must not point at a link-local or cloud metadata address';

describe('logout URLs at registration', () => {
  it.each([
    'http://0xa9fea9fe/logout',
    'http://169.254.169.254/logout',
    'http://2852039166/logout',
    'http://0251.0376.0251.0376/logout',
    'http://169.254.169.254./logout',
    'http://[::ffff:169.254.169.254]/logout',
    'http://[::ffff:a9fe:a9fe]/logout',
    'http://[fe80::1]/logout',
    'http://[fd00:ec2::254]/logout',
    'http://metadata.google.internal./computeMetadata/v1/',
  ])('answers 400 for a back-channel logout URL at %s', async (url) => {
    const res = await create({ backchannel_logout_url: url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(METADATA_MESSAGE);
  });

  it('names the front-channel field when its host is link-local', async () => {
    const res = await create({ frontchannel_logout_url: 'http://169.254.169.254/logout' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Front-channel logout URL must not point at a link-local or cloud metadata address');
  });

  it.each(['http://10.0.0.5/logout', 'http://172.16.4.2:8080/logout', 'http://192.168.1.10/logout', 'http://[fd12::5]/logout'])(
    'accepts a private address: %s',
    async (url) => {
      const res = await create({ backchannel_logout_url: url });
      expect(res.statusCode).toBe(201);
      expect(res.json().backchannel_logout_url).toBe(url);
    },
  );

  it('accepts loopback while the portal itself runs on loopback', async () => {
    expect((await create({ backchannel_logout_url: 'http://127.0.0.1:3990/backchannel' })).statusCode).toBe(201);
  });

  it('refuses a change to a forbidden address, too', async () => {
    const created = (await create({ backchannel_logout_url: 'http://10.0.0.5/logout' })).json();
    const { id, ...fields } = created;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/apps/${id}`,
      payload: { ...fields, backchannel_logout_url: 'http://[::ffff:a9fe:a9fe]/logout' },
      cookies: { portal_session: admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(METADATA_MESSAGE);
  });

  it('refuses a loopback back-channel URL when PUBLIC_URL is not loopback, but not a front-channel one', async () => {
    const production = { ...ctx.deps, config: { ...ctx.deps.config, publicUrl: 'https://portal.example.com' } };
    const adminId = await userIdOf(ctx, '1:100001');
    const actor = { userId: adminId, meta: { ip: '127.0.0.1', userAgent: null } };
    for (const url of ['http://localhost:5432/', 'http://0x7f000001/logout', 'http://[::1]/logout', 'http://0.0.0.0:3000/api/admin']) {
      await expect(createApp(production, actor, appFixture({ key: `inward-${++n}`, backchannel_logout_url: url }))).rejects.toMatchObject({
        reason: 'invalid',
        message: 'Back-channel logout URL must not point at a loopback address (this machine) while the portal itself is not on loopback',
      });
    }
    const frontChannel = await createApp(
      production,
      actor,
      appFixture({ key: 'local-fc', frontchannel_logout_url: 'http://localhost:8080/fc' }),
    );
    expect(frontChannel.frontchannel_logout_url).toBe('http://localhost:8080/fc');
  });
});
