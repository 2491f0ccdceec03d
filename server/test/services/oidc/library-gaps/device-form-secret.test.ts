import { describe, expect, it } from 'vitest';
import type { Configuration } from 'oidc-provider';
import { deviceFormSecret } from '../../../../src/services/oidc/library-gaps/device-form-secret.ts';
import { bareProvider, callProvider } from './bare-provider.ts';

/** A device page of its own, as the portal's: it shows the form the library hands it, and the secret read by the gap. */
const withOwnDevicePage = (c: Configuration): Configuration => ({
  ...c,
  features: {
    ...c.features,
    deviceFlow: {
      enabled: true,
      userCodeInputSource: async (ctx, form, out, err) => {
        ctx.type = 'json';
        ctx.body = { form, secret: deviceFormSecret(ctx), problem: err?.name ?? null, error: out?.error ?? null };
      },
    },
  },
});

const cookiesOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('gap: the device form’s secret', () => {
  it('the library hands a device page only its own form, with the secret inside; the portal reads the same secret for its form', async () => {
    const call = callProvider(await bareProvider(withOwnDevicePage));
    const page = await call({ method: 'GET', url: '/device' });
    expect(page.statusCode, page.body).toBe(200);
    const { form, secret } = page.json() as { form: string; secret: string };
    expect(secret).toMatch(/^\S{16,}$/);
    expect(form).toContain(`name="xsrf" value="${secret}"`);

    const send = (xsrf: string) =>
      call({
        method: 'POST',
        url: '/device',
        headers: { cookie: cookiesOf(page.headers['set-cookie']), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ xsrf, user_code: 'BCDFGHJK' }).toString(),
      });
    // With that secret the form is taken and the code looked up (no device waits for it); with another it is not.
    expect((await send(secret)).json()).toMatchObject({ problem: 'NotFoundError' });
    expect((await send('not-the-secret')).json()).toMatchObject({ problem: 'InvalidRequest', error: 'invalid_request' });
  });
});
