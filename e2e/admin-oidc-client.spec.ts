import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, saveScreenshot, screenshotBoth } from './helpers/browser.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;

const CALLBACK = 'https://handbook.example.com/login/oidc/callback';

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [
    { key: 'handbook', name: 'Handbook', url: 'https://handbook.example.com/', redirect_urls: [CALLBACK] },
  ]);
  browser = await launchBrowser();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

async function openDetails() {
  await admin.getByRole('row').filter({ hasText: 'Handbook' }).getByRole('button', { name: 'OpenID Connect' }).click();
  const dialog = admin.getByRole('dialog', { name: 'OpenID Connect: Handbook' });
  await dialog.getByText(/^(Public|Confidential) client — /).waitFor();
  return dialog;
}

describe('App Catalog: an app as an OpenID Connect client', () => {
  it('shows the client ID and discovery URL, and a new secret once', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    let dialog = await openDetails();
    expect(await dialog.getByText('handbook', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText(`${baseUrl}/.well-known/openid-configuration`, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('listitem').filter({ hasText: CALLBACK }).isVisible()).toBe(true);
    expect(await dialog.getByText('Public client — uses PKCE').isVisible()).toBe(true);
    await expectAccessible(admin, '/admin/apps with an app’s OpenID Connect details');

    await dialog.getByRole('button', { name: 'New client secret' }).click();
    const box = dialog.getByRole('status').filter({ hasText: 'New client secret' });
    await box.waitFor();
    const secret = (await box.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(await box.getByText('Copy it now: it will not be shown again.', { exact: false }).isVisible()).toBe(true);
    await dialog.getByText('Confidential client — secret created just now').waitFor();
    await expectAccessible(admin, '/admin/apps with a new client secret shown');
    await screenshotBoth(admin, 'admin-apps-oidc-client', { fullPage: false });
    // A yellow box, not a brown one: a yellow edge and title on the dialog's own navy, no dimmed yellow fill.
    const look = await box.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, border: style.borderTopColor };
    });
    expect(look.background).toBe('rgba(0, 0, 0, 0)');
    const [r, g, b] = look.border.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(150);
    expect(b).toBeLessThan(120);

    // On a phone the dialog takes the screen; its buttons stay in view below the secret, which is focused into view.
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.waitForTimeout(200);
    for (const control of [
      box,
      dialog.getByRole('button', { name: 'New client secret' }),
      dialog.getByRole('button', { name: 'Remove secret' }),
    ]) {
      const at = (await control.boundingBox())!;
      expect(at.y).toBeGreaterThanOrEqual(0);
      expect(at.y + at.height).toBeLessThanOrEqual(812);
    }
    await box.scrollIntoViewIfNeeded();
    await saveScreenshot(admin, 'admin-apps-oidc-client-secret-375.png');
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Replacing asks first, in place of the buttons: a neutral box whose one strong colour is its button.
    await dialog.getByRole('button', { name: 'New client secret' }).click();
    const question = dialog.getByRole('alert').filter({ hasText: 'Replace the client secret?' });
    await question.waitFor();
    const colours = await question.evaluate((el) => ({
      box: getComputedStyle(el).backgroundColor,
      button: getComputedStyle([...el.querySelectorAll('button')].find((b) => b.textContent === 'Replace secret')!).backgroundColor,
    }));
    const rgb = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number);
    const [boxR, , boxB] = rgb(colours.box);
    const [buttonR, , buttonB] = rgb(colours.button);
    expect(boxB!).toBeGreaterThan(boxR!); // navy
    expect(buttonR!).toBeGreaterThan(buttonB!); // orange
    await expectAccessible(admin, '/admin/apps asking to replace the client secret');
    await screenshotBoth(admin, 'admin-apps-oidc-client-replace', { fullPage: false });
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.waitForTimeout(200);
    const replace = (await question.getByRole('button', { name: 'Replace secret' }).boundingBox())!;
    expect(replace.y + replace.height).toBeLessThanOrEqual(812);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await question.getByRole('button', { name: 'Cancel' }).click();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    dialog = await openDetails();
    expect(await dialog.getByText('Confidential client — secret created just now').isVisible()).toBe(true);
    expect(await dialog.getByText(secret).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Remove secret' }).isVisible()).toBe(true);
  });

  it('removes the secret after confirming', async () => {
    const dialog = admin.getByRole('dialog', { name: 'OpenID Connect: Handbook' });
    await dialog.getByRole('button', { name: 'Remove secret' }).click();
    await dialog.getByRole('alert').getByRole('button', { name: 'Remove secret' }).click();
    await dialog.getByText('Handbook is a public client again.').waitFor();
    await dialog.getByText('Public client — uses PKCE').waitFor();
  });
});

describe('App Catalog: a machine client and a device-only bot', () => {
  it('says why Stay signed in goes, makes a machine client with its secret shown once, and asks no callback URL of a bot', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    const form = admin.locator('form').filter({ has: admin.getByRole('heading', { name: 'Create app' }) });
    await form.getByRole('textbox', { name: /^Key/ }).fill('payroll-sync');
    await form.getByRole('textbox', { name: /^Name/ }).fill('Payroll Sync');
    await form.getByRole('textbox', { name: /^Token audience/ }).fill('https://payroll-sync.example.com');
    await form.getByRole('checkbox', { name: /^Machine client/ }).check();
    await form.getByRole('checkbox', { name: /^Sign-in with a code/ }).uncheck();
    const why = form.getByRole('status').filter({ hasText: 'Stay signed in was unticked as well' });
    await why.waitFor();
    await form.getByText('the portal makes one with the app and shows it once').waitFor();
    await form.getByRole('textbox', { name: /^Machine client scopes/ }).fill('payroll:read');
    await why.scrollIntoViewIfNeeded();
    await expectAccessible(admin, '/admin/apps, a machine client about to be created');
    await screenshotBoth(admin, 'admin-apps-machine-client-form');

    await form.getByRole('button', { name: 'Create app' }).click();
    const box = admin.getByRole('status').filter({ hasText: 'New client secret' });
    await box.waitFor();
    const secret = (await box.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[\w-]{43}$/);
    await box.getByText("Paste it into Payroll Sync's OpenID Connect settings").waitFor();
    await expectAccessible(admin, '/admin/apps, a machine client created with its secret');
    await screenshotBoth(admin, 'admin-apps-machine-client-secret', { fullPage: false });
    // The secret works at once: the machine client gets a token with it.
    const token = await fetch(`${baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'payroll-sync', client_secret: secret }),
    });
    expect(token.status).toBe(200);

    await admin.getByRole('row').filter({ hasText: 'Payroll Sync' }).getByRole('button', { name: 'OpenID Connect' }).click();
    const dialog = admin.getByRole('dialog', { name: 'OpenID Connect: Payroll Sync' });
    await dialog.getByText(/^None needed: the app does not use Sign-in with a code/).waitFor();
    expect(await dialog.getByText(/add the app's callback URL/).count()).toBe(0);
    await expectAccessible(admin, '/admin/apps, a client that needs no callback URL');
    await screenshotBoth(admin, 'admin-apps-oidc-client-no-callback', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe("the portal's own pages for an app", () => {
  it('names the product and the app on a sign-in that cannot go on, and says why an app’s sign-out reaches every app', async () => {
    const query = new URLSearchParams({
      client_id: 'handbook',
      redirect_uri: 'https://evil.example.com/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    await admin.goto(`${baseUrl}/oidc/authorize?${query}`);
    await admin.getByRole('heading', { name: 'The sign-in to Handbook cannot go on' }).waitFor();
    expect(await admin.getByText('Industry Alignment Management Platform', { exact: true }).isVisible()).toBe(true);
    await screenshotBoth(admin, 'oidc-error-page');
    await expectAccessible(admin, 'the OpenID error page of a known app');

    await admin.goto(`${baseUrl}/oidc/logout?client_id=handbook`);
    await admin.getByRole('heading', { name: 'Sign out?' }).waitFor();
    expect(await admin.getByText(/^Handbook asks to sign you out\. .*single sign-on/).isVisible()).toBe(true);
    await screenshotBoth(admin, 'oidc-sign-out-page');
    await expectAccessible(admin, 'an app’s Sign out? page');
  });
});
