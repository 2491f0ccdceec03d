import type { Page } from 'playwright-core';

/** Signs in through the portal's /login page and the SWCombine sign-in page, as a player would. */
export async function signInAs(page: Page, baseUrl: string, characterName: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page
    .getByRole('link', { name: 'Login with SWCombine' })
    .or(page.getByRole('button', { name: 'Login with SWCombine' }))
    .click();
  await page.getByRole('button', { name: `Sign in as ${characterName}` }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}
