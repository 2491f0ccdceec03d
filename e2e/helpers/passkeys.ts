import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

/** Chromium's virtual authenticator on one page, as the DevTools protocol's WebAuthn domain runs it. */
export interface VirtualAuthenticator {
  /** The credentials it holds: the passkeys created on the page. */
  credentials(): ReturnType<typeof credentialsOf>;
}

/**
 * A platform authenticator on `page` that verifies the user and answers at once. It lasts while its
 * DevTools session does: Chromium turns it off when any session on the page detaches, so the other
 * helpers keep theirs (see axe.ts).
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: () => credentialsOf(cdp, authenticatorId) };
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
