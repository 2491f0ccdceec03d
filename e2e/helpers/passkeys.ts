import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';

const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

/** Chromium's virtual authenticator on one page, as the DevTools protocol's WebAuthn domain runs it. */
export interface VirtualAuthenticator {
  /** The credentials it holds: the passkeys created on the page. */
  credentials(): ReturnType<typeof credentialsOf>;
  /**
   * The page checked by axe, with the authenticator kept: axe runs through a DevTools session of its
   * own, and Chromium turns the WebAuthn environment off for the whole page when that session detaches
   * (now and then); the authenticator is then set up again with what it held.
   */
  expectAccessible(state: string): Promise<void>;
}

/** A platform authenticator on `page` that verifies the user and answers at once. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  let cdp: CDPSession;
  let authenticatorId: string;
  async function attach(credentials: Awaited<ReturnType<typeof credentialsOf>>) {
    cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
    for (const credential of credentials) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  }
  await attach([]);
  const credentials = () => credentialsOf(cdp, authenticatorId);
  return {
    credentials,
    async expectAccessible(state) {
      const held = await credentials();
      await expectAccessible(page, state);
      const alive = await credentials().then(
        () => true,
        () => false,
      );
      if (!alive) await attach(held);
    },
  };
}

/**
 * Adds a passkey named `name` on Your account, as a player does with the Add a passkey button;
 * `beforeCreate` looks at the filled-in dialog before Create passkey is pressed.
 */
export async function addPasskeyOnAccount(
  page: Page,
  baseUrl: string,
  name: string,
  beforeCreate: (dialog: Locator) => Promise<void> = async () => undefined,
): Promise<void> {
  await page.goto(`${baseUrl}/account`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await beforeCreate(dialog);
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect.poll(() => page.getByText(`${name} added.`).isVisible()).toBe(true);
}
