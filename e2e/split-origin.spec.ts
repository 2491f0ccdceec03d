import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';
import { SpaHost } from './helpers/spa-host.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;
let spa: SpaHost;

interface AdminApp {
  id: string;
  key: string;
  name: string;
  audience: string;
  url: string | null;
  redirect_urls: string[];
}

/** The admin's calls straight to the auth service, from its own origin (the checks of the results). */
async function adminApi(method: string, path: string, body?: object) {
  const page = await admin.context().newPage();
  try {
    await page.goto(`${baseUrl}/healthz`);
    return await page.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(p as string, {
          method: m as string,
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: b ? JSON.stringify(b) : undefined,
        });
        return { status: res.status, body: res.status === 204 ? null : await res.json() };
      },
      [method, path, body] as const,
    );
  } finally {
    await page.close();
  }
}

const app = (key: string, name: string, url: string) => ({ key, name, audience: key, url: `${url}/`, redirect_urls: [`${url}/`] });

/** What the browser asks before a cross-origin PUT or DELETE. */
const preflight = (method: string) =>
  fetch(`${baseUrl}/api/admin/apps/00000000-0000-4000-8000-000000000000`, {
    method: 'OPTIONS',
    headers: { origin: spa.url, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
  });

beforeAll(async () => {
  spa = await new SpaHost(baseUrl).start(Number(process.env.E2E_PORT ?? 3900) + 50);
  browser = await launchBrowser();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
  // The SPA's dashboard among the portal app's redirect URLs makes its host one of the portal's own origins.
  const portal = ((await adminApi('GET', '/api/admin/apps')).body as AdminApp[]).find((a) => a.key === 'portal')!;
  const { id, ...fields } = portal;
  const registered = await adminApi('PUT', `/api/admin/apps/${id}`, {
    ...fields,
    redirect_urls: [...portal.redirect_urls, `${spa.url}/dashboard`],
  });
  expect(registered.status).toBe(200);
  expect((await adminApi('POST', '/api/admin/apps', app('split-edit', 'Split Edit', 'https://edit.example.com'))).status).toBe(201);
  expect((await adminApi('POST', '/api/admin/apps', app('split-gone', 'Split Gone', 'https://gone.example.com'))).status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await spa?.stop();
});

describe('the SPA on another origin than the auth service', () => {
  it('is allowed PUT and DELETE with credentials once the portal app registers its origin', async () => {
    // The auth service caches the registered origins for a few seconds.
    await expect
      .poll(async () => (await preflight('DELETE')).headers.get('access-control-allow-origin'), { timeout: 20_000, interval: 500 })
      .toBe(spa.url);
    for (const method of ['PUT', 'DELETE']) {
      const res = await preflight(method);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain(method);
    }
  });

  it('shows the signed-in admin the App Catalog, read from the auth service', async () => {
    const me = admin.waitForResponse((r) => r.url() === `${baseUrl}/api/me`);
    await admin.goto(`${spa.url}/admin/apps`);
    expect((await me).status()).toBe(200);
    await admin.getByRole('cell', { name: 'Split Edit', exact: true }).waitFor();
    expect(new URL(admin.url()).origin).toBe(spa.url);
  });

  it('edits an app: the PUT crosses origins and the auth service keeps the change', async () => {
    await admin.getByRole('row').filter({ hasText: 'Split Edit' }).getByRole('button', { name: /Edit/ }).click();
    await admin.getByRole('button', { name: 'Cancel' }).waitFor();
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Split Edited');
    const put = admin.waitForResponse((r) => r.request().method() === 'PUT' && r.url().startsWith(`${baseUrl}/api/admin/apps/`));
    await admin.getByRole('button', { name: 'Save changes' }).click();
    expect((await put).status()).toBe(200);
    await admin.getByRole('cell', { name: 'Split Edited', exact: true }).waitFor();
    const apps = (await adminApi('GET', '/api/admin/apps')).body as AdminApp[];
    expect(apps.find((a) => a.key === 'split-edit')?.name).toBe('Split Edited');
  });

  it('deletes an app: the DELETE crosses origins and the app is gone at the auth service', async () => {
    await admin
      .getByRole('row')
      .filter({ hasText: 'Split Gone' })
      .getByRole('button', { name: /Delete/ })
      .click();
    await admin.getByText('Delete app?').waitFor();
    const del = admin.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().startsWith(`${baseUrl}/api/admin/apps/`));
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    expect((await del).status()).toBe(204);
    await admin.getByRole('cell', { name: 'Split Gone', exact: true }).waitFor({ state: 'detached' });
    const apps = (await adminApi('GET', '/api/admin/apps')).body as AdminApp[];
    expect(apps.map((a) => a.key)).not.toContain('split-gone');
  });

  it('signs out from the SPA through the auth service', async () => {
    await admin.getByRole('button', { name: /Jorin Vex/ }).click();
    await admin.getByRole('menuitem', { name: 'Logout' }).click();
    await admin.waitForURL(`${baseUrl}/login`);
    expect((await adminApi('GET', '/api/me')).status).toBe(401);
  });
});
