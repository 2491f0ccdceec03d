import type { LightMyRequestResponse } from 'fastify';
import { browse, type CookieJar, postForm } from './oidc.ts';
import { PUBLIC_URL, type TestContext } from './test-app.ts';

/** What the device authorization endpoint answers a device (RFC 8628 §3.2). */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
}

/** A device asks for a code, as a public client unless `headers` authenticate it. */
export function askForCode(ctx: TestContext, form: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(ctx, '/oidc/device/auth', form, headers);
}

/** The device polls the token endpoint with its device_code. */
export function poll(ctx: TestContext, deviceCode: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return postForm(
    ctx,
    '/oidc/token',
    { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, ...form },
    headers,
  );
}

/** The form secret of a device page. */
export const xsrfOf = (html: string) => /name="xsrf" value="([^"]*)"/.exec(html)?.[1] ?? '';

/** The player submits the device page's form, from the portal's own page; redirects are followed as a browser does. */
export async function submitDevicePage(ctx: TestContext, jar: CookieJar, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/device',
    headers: { cookie: jar.header(), origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  jar.store(res, ctx.clock);
  if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) return browse(ctx, jar, res.headers.location);
  return res;
}

/** Opens /device in this browser: the page asking for the code, and its form secret. */
export async function openDevicePage(ctx: TestContext, jar: CookieJar) {
  const page = await browse(ctx, jar, '/device');
  return { page, xsrf: xsrfOf(page.body) };
}

/** The player enters `userCode` and presses Allow (or Deny); answers the last page. */
export async function answerDevice(ctx: TestContext, jar: CookieJar, userCode: string, choice: 'confirm' | 'abort') {
  const { xsrf } = await openDevicePage(ctx, jar);
  const confirmPage = await submitDevicePage(ctx, jar, { xsrf, user_code: userCode });
  const done = await submitDevicePage(ctx, jar, { xsrf: xsrfOf(confirmPage.body), user_code: userCode, [choice]: 'yes' });
  return { confirmPage, done };
}
