import { createLocalJWKSet, createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const kubeUrl = inject('kubernetesUrl');
let browser: Browser;
let page: Page;

const secretValue = async (ns: string, name: string, key: string) => {
  const res = await fetch(`${kubeUrl}/_fake/secrets/${ns}/${name}`);
  if (!res.ok) return undefined;
  const secret = (await res.json()) as { data: Record<string, string> };
  return secret.data[key] && Buffer.from(secret.data[key], 'base64').toString();
};
const row = (name: string) => page.getByRole('row').filter({ hasText: name });
const field = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signInAs(page, baseUrl, 'Jorin Vex');
});
afterAll(async () => {
  await fetch(`${kubeUrl}/_fake/clear`, { method: 'POST' });
  await browser?.close();
});

describe('/admin/jwts', () => {
  it('starts empty', async () => {
    await page.goto(`${baseUrl}/admin/jwts`);
    await page.getByText('No JWT configurations found. Click "Add JWT Configuration" to create your first one.').waitFor();
    await screenshotBoth(page, 'admin-jwts-empty');
    // The breadcrumb back to the Admin Panel is a tap target of at least 24 px, on a phone as on a desktop.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const crumb = (await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Admin Panel' }).boundingBox())!;
      expect(crumb.height, `${width} px`).toBeGreaterThanOrEqual(24);
    }
    await expectAccessible(page, '/admin/jwts, empty');
  });

  it('adds a configuration whose JWT lands in the Kubernetes Secret and verifies', async () => {
    await page.getByRole('button', { name: 'Add JWT Configuration' }).click();
    await page.getByRole('dialog', { name: 'Add JWT Configuration' }).waitFor();
    await expectAccessible(page, 'the Add JWT Configuration modal');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('[role="dialog"] [aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'the Add JWT Configuration modal with validation errors shown');
    await field('Service Name').fill('billing-worker');
    await field('Audience').fill('billing-api');
    await field('Subject').fill('svc:billing');
    await field('Authorized Party').fill('portal');
    await field('K8s Namespace').fill('billing');
    await field('K8s Secret Name').fill('billing-jwt');
    await field('K8s Secret Key').fill('token');
    await screenshotBoth(page, 'admin-jwts-add');
    await page.getByRole('button', { name: 'Create' }).click();
    await row('billing-worker').waitFor();
    expect(await row('billing-worker').textContent()).toMatch(/billing\/billing-jwt.*Key: token.*Enabled.*Every 24 h.*Active/);
    const token = await secretValue('billing', 'billing-jwt', 'token');
    const { payload } = await jwtVerify(token!, createRemoteJWKSet(new URL(`${baseUrl}/.well-known/jwks.json`)), {
      audience: 'billing-api',
      issuer: baseUrl,
      typ: 'at+jwt',
    });
    expect(payload).toMatchObject({ sub: 'svc:billing', azp: 'portal', client_id: 'billing-worker' });
  });

  it('edits it', async () => {
    await row('billing-worker').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit JWT Configuration' }).waitFor();
    expect(await field('Audience').inputValue()).toBe('billing-api');
    await field('Rotation Interval').fill('12');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row('billing-worker').textContent()).toContain('Every 12 h');
  });

  it('rotates it by hand and shows the history', async () => {
    const before = await secretValue('billing', 'billing-jwt', 'token');
    await row('billing-worker').getByRole('button', { name: 'Rotate Now' }).click();
    await page
      .getByText(
        'Are you sure you want to rotate the JWT for billing-worker? This will generate a new JWT and update the Kubernetes secret.',
      )
      .waitFor();
    await page.getByRole('dialog', { name: 'Confirm Rotation' }).getByRole('button', { name: 'Rotate Now' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => secretValue('billing', 'billing-jwt', 'token')).not.toBe(before);

    await row('billing-worker').getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: 'Rotation History - billing-worker' });
    await history.waitFor();
    await expect.poll(() => history.getByRole('row').count()).toBe(3); // header + creation + manual rotation
    expect(await history.getByText('Manual').count()).toBe(2);
    expect(await history.getByText('Success').count()).toBe(2);
    await screenshotBoth(page, 'admin-jwts-history');
    await expectAccessible(page, 'the rotation history modal');
    await page.keyboard.press('Escape');
  });

  it('shows a Kubernetes failure in the banner and as a Failed history row', async () => {
    await fetch(`${kubeUrl}/_fake/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 403,
        reason: 'Forbidden',
        message: 'secrets "billing-jwt" is forbidden: User "system:serviceaccount:portal" cannot patch',
      }),
    });
    await row('billing-worker').getByRole('button', { name: 'Rotate Now' }).click();
    await page.getByRole('dialog', { name: 'Confirm Rotation' }).getByRole('button', { name: 'Rotate Now' }).click();
    await page
      .getByText(/Kubernetes answered 403 Forbidden when reading Secret billing\/billing-jwt/)
      .first()
      .waitFor();
    await fetch(`${kubeUrl}/_fake/clear`, { method: 'POST' });
    await screenshotBoth(page, 'admin-jwts-failed');
    await expectAccessible(page, '/admin/jwts with a Kubernetes failure');
    await row('billing-worker').getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: 'Rotation History - billing-worker' });
    await history.getByText('Failed').waitFor();
    expect(await history.getByText(/403 Forbidden/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('marks a configuration whose last rotation is older than its interval as Overdue', async () => {
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    // Rotated three days ago with an hourly interval; its retry is held back so the sweep leaves it be.
    await db.query(
      `INSERT INTO service_jwt_configs (service_name, audience, subject, ttl_minutes, k8s_namespace, k8s_secret_name, k8s_secret_key,
         rotation_enabled, rotation_interval_minutes, last_rotated_at, token_expires_at, next_attempt_at)
       VALUES ('stale-reporter', 'reports', 'svc:reports', 55, 'reports', 'reports-jwt', 'token', true, 60,
         now() - interval '3 days', now() - interval '3 days', now() + interval '1 day')`,
    );
    await db.end();
    await page.reload();
    await row('stale-reporter').waitFor();
    expect(await row('stale-reporter').getByText('Overdue').isVisible()).toBe(true);
    await screenshotBoth(page, 'admin-jwts');
    await expectAccessible(page, '/admin/jwts with an overdue configuration');
  });

  it('fits all eight columns and the worded actions in its card from 1280 to 1600 px, long machine names wrapping at their parts, short ones whole', async () => {
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query(
      `INSERT INTO service_jwt_configs (service_name, audience, subject, ttl_minutes, k8s_namespace, k8s_secret_name, k8s_secret_key,
         rotation_enabled, rotation_interval_minutes, next_attempt_at)
       VALUES ('fleet-ops-telemetry-exporter', 'fleet-ops-telemetry-exporter-api', 'system:serviceaccount:fleet-operations:telemetry-exporter',
         55, 'fleet-operations', 'fleet-ops-telemetry-exporter-jwt', 'token', true, 1440, now() + interval '1 day')`,
    );
    await db.end();
    for (const width of [1280, 1440, 1600]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await row('fleet-ops-telemetry-exporter').waitFor();
      const fit = await page.evaluate(() => {
        const table = document.querySelector('table')!;
        const card = table.closest('.mantine-Card-root')!.getBoundingClientRect();
        // A worded action shows its whole word.
        const cut = [...table.querySelectorAll('button .mantine-Button-label')]
          .filter((l) => l.scrollWidth > l.clientWidth)
          .map((l) => l.textContent);
        const deletes = [...table.querySelectorAll('button')]
          .filter((b) => b.textContent === 'Delete')
          .map((b) => b.getBoundingClientRect().right);
        // A short name stands on one line: its height is one line of its text.
        const short = [...table.querySelectorAll('td p')]
          .filter((p) => ['billing-worker', 'billing-api', 'svc:billing'].includes(p.textContent ?? ''))
          .map((p) => ({
            name: p.textContent,
            lines: Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)),
          }));
        return {
          overflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
          cardRight: card.right,
          deletes,
          short,
          cut,
        };
      });
      expect(fit.overflow, `${width} px`).toBeLessThanOrEqual(0);
      expect(fit.deletes, `${width} px`).toHaveLength(3);
      expect(fit.cut, `${width} px`).toEqual([]);
      for (const right of fit.deletes) expect(right, `${width} px`).toBeLessThanOrEqual(fit.cardRight);
      expect(fit.short, `${width} px`).toEqual(['billing-worker', 'billing-api', 'svc:billing'].map((name) => ({ name, lines: 1 })));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('deletes a configuration after confirmation', async () => {
    await row('stale-reporter').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('Are you sure you want to delete the JWT configuration for stale-reporter? This action cannot be undone.')
      .waitFor();
    await expectAccessible(page, 'the delete confirmation');
    await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await row('stale-reporter').waitFor({ state: 'detached' });
    expect(await row('billing-worker').count()).toBe(1);
  });

  it('replaces the signing keys after a dialog that says what happens to old tokens; the Secret holds a JWT the new key set verifies', async () => {
    const jwks = async () => (await (await fetch(`${baseUrl}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    const oldKids = (await jwks()).keys.map((k) => k.kid);
    const before = (await secretValue('billing', 'billing-jwt', 'token'))!;
    await page.getByRole('button', { name: 'Replace signing keys now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace signing keys now?' });
    await dialog.getByText(/stops verifying at each app once its cached copy of the key set expires/).waitFor();
    await screenshotBoth(page, 'admin-jwts-replace-keys');
    await expectAccessible(page, 'the Replace signing keys confirmation');
    await dialog.getByRole('button', { name: 'Replace signing keys' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText(/^Signing keys replaced\./).waitFor();
    await screenshotBoth(page, 'admin-jwts-keys-replaced');

    const published = await jwks();
    for (const kid of oldKids) expect(published.keys.map((k) => k.kid)).not.toContain(kid);
    const keySet = createLocalJWKSet(published as Parameters<typeof createLocalJWKSet>[0]);
    await expect(jwtVerify(before, keySet)).rejects.toThrow('no applicable key found');
    const after = (await secretValue('billing', 'billing-jwt', 'token'))!;
    expect(after).not.toBe(before);
    await expect(jwtVerify(after, keySet, { audience: 'billing-api', issuer: baseUrl })).resolves.toBeDefined();
  });
});
