import type { SwcBindingStatus } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '@/features/admin-swc/api/connect-url.ts';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, player, testConfig } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const budget = { limit: 600, remaining: 540, resetAt: null };
const notConnected: SwcBindingStatus = {
  connected: false,
  grantedScopes: [],
  error: null,
  authorizedBy: null,
  faction: null,
  updatedAt: null,
  budget,
};
const connected: SwcBindingStatus = {
  ...notConnected,
  connected: true,
  grantedScopes: ['character_auth', 'faction_credits_read'],
  authorizedBy: { uid: '1:100001', name: 'Jorin Vex' },
  faction: { uid: '20:2400', name: 'Galactic Weapon Systems' },
  updatedAt: '2026-11-22T12:00:00Z',
};

afterEach(() => vi.restoreAllMocks());

async function openScreen(status: SwcBindingStatus = notConnected, routes: Parameters<typeof stubFetch>[0] = {}, path = '/admin/swc') {
  const api = stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/swc': reply(200, status), ...routes });
  const app = renderApp(path, { integrationBaseUrl: 'https://integration.example.org/' });
  await screen.findByRole('textbox', { name: 'Tenant' });
  return { api, ...app };
}

const ticked = () =>
  within(screen.getByRole('group', { name: /Scopes/ }))
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked)
    .map((c) => c.getAttribute('value'));

describe('/admin/swc', () => {
  it('tells a visitor who is not signed in, and offers the portal sign-in', async () => {
    stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Sign in first.') });
    renderApp('/admin/swc');
    expect(await screen.findByText('You are not logged in.')).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Login with Radiant' });
    expect(login.getAttribute('href')).toBe(
      `${testConfig.authBaseUrl}/auth/login?aud=portal&rd=${encodeURIComponent(`${window.location.origin}/dashboard`)}`,
    );
  });

  it('tells a player without the admin role, without redirecting', async () => {
    stubFetch({ 'GET /api/me': reply(200, player) });
    renderApp('/admin/swc');
    expect(await screen.findByText('You do not have the admin role.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'SWCombine Permissions' })).toBeInTheDocument();
  });

  it('says the admin is no longer logged in when the session ends while the screen is open', async () => {
    const { pathname } = await openScreen(notConnected, {
      'GET /api/me': (_call, nth) => (nth === 0 ? reply(200, admin) : errorReply(401, 'unauthorized', 'Session ended')),
      'GET /api/admin/swc': errorReply(401, 'unauthorized', 'Session ended'),
    });
    expect(await screen.findByText('You are not logged in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login with Radiant' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Tenant' })).not.toBeInTheDocument();
    expect(pathname()).toBe('/admin/swc');
  });

  it('shows tenant 1324, faction-leader, CHARACTER_AUTH and CHARACTER_READ ticked, and the budget', async () => {
    const { api } = await openScreen();
    expect(screen.getByRole('textbox', { name: 'Tenant' })).toHaveValue('1324');
    expect(screen.getByLabelText('Actor', { selector: 'input' })).toHaveValue('faction-leader');
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(screen.getByText('SWCombine requests left this hour: 540 of 600')).toBeInTheDocument();
    expect(ticked()).toEqual(['CHARACTER_AUTH', 'CHARACTER_READ']);
    // Shown in one spelling beside faction_members, whatever SWCombine's own.
    const labels = within(screen.getByRole('group', { name: /Scopes/ }))
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');
    expect(labels.slice(0, 2)).toEqual(['character_auth', 'character_read']);
    expect(labels.every((label) => label === label.toLowerCase())).toBe(true);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
    expect(api.calls.find((c) => c.path === '/api/admin/swc')?.url).toContain('tenant_id=1324&actor=faction-leader');
  });

  it('offers faction_members beside the eight scopes, saying it lets faction groups follow the game', async () => {
    const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => undefined);
    const { user } = await openScreen();
    const box = screen.getByRole('checkbox', { name: 'faction_members' });
    expect(box).toHaveAccessibleDescription(
      "Reads the faction's member list on a schedule, so its faction group follows who joins and leaves in the game (and access given through it with them).",
    );
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save & Connect' }));
    expect(go).toHaveBeenCalledWith(expect.stringContaining('requested_scopes=CHARACTER_AUTH+CHARACTER_READ+faction_members'));
  });

  it('ticks exactly the granted scopes once they load, and names who authorized them', async () => {
    await openScreen(connected);
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(ticked()).toEqual(['CHARACTER_AUTH', 'faction_credits_read']));
    expect(screen.getByText(/Authorized by/)).toHaveTextContent('Authorized by Jorin Vex (1:100001) of Galactic Weapon Systems (20:2400)');
    expect(screen.getByText('Scopes: character_auth, faction_credits_read')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  it('Save & Connect navigates to the integration service with the form', async () => {
    const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => undefined);
    const { user } = await openScreen();
    await screen.findByText('Not connected');
    await user.click(screen.getByRole('checkbox', { name: 'faction_inv_ships_all' }));
    await user.click(screen.getByRole('button', { name: 'Save & Connect' }));
    expect(go).toHaveBeenCalledWith(
      'https://integration.example.org/api/admin/swc/connect?tenant_id=1324&actor=faction-leader&requested_scopes=CHARACTER_AUTH+CHARACTER_READ+faction_inv_ships_all',
    );
  });

  it('refuses an empty tenant in words, instead of switching to another binding without a word', async () => {
    const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => undefined);
    const { api, user } = await openScreen();
    await screen.findByText('Not connected');
    const tenant = screen.getByRole('textbox', { name: 'Tenant' });
    await user.clear(tenant);
    await user.click(screen.getByRole('button', { name: 'Save & Connect' }));
    expect(await screen.findByText(/^Enter a tenant: the name of the binding/)).toBeInTheDocument();
    expect(tenant).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(go).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.url.includes('t_default'))).toBe(false);
    expect(screen.getByRole('heading', { name: 'Status for tenant 1324, faction-leader' })).toBeInTheDocument();
  });

  it('says what Tenant and Actor mean, and which binding the roster and the sync use', async () => {
    await openScreen();
    const tenant = screen.getByRole('textbox', { name: 'Tenant' });
    expect(tenant).toHaveAccessibleDescription(/The data sync reads the faction inventory with tenant 1324 and actor faction-leader/);
    expect(tenant).toHaveAccessibleDescription(/Faction rosters are read with any connected binding that holds faction_members/);
    expect(screen.getByText(/^Whose SWCombine grant it is: faction-leader/)).toBeInTheDocument();
  });

  it('Refresh reads the status of the tenant typed in', async () => {
    const { api, user } = await openScreen();
    await screen.findByText('Not connected');
    const tenant = screen.getByRole('textbox', { name: 'Tenant' });
    await user.clear(tenant);
    await user.type(tenant, 'guild-7');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('tenant_id=guild-7'))).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Status for tenant guild-7, faction-leader' })).toBeInTheDocument();
  });

  it('refuses a tenant with spaces before asking the server', async () => {
    const { api, user } = await openScreen();
    await screen.findByText('Not connected');
    await user.type(screen.getByRole('textbox', { name: 'Tenant' }), ' x');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    // Said of the field on the screen, not of the query parameter the contract names.
    expect(await screen.findByText('Tenant may only hold letters, digits, "-" and "_"')).toBeInTheDocument();
    expect(screen.queryByText(/tenant_id/)).not.toBeInTheDocument();
    expect(api.count('GET /api/admin/swc')).toBe(1);
  });

  it('Disconnect asks first, then shows the binding gone', async () => {
    const { api, user } = await openScreen(connected, { 'DELETE /api/admin/swc/binding': reply(200, notConnected) });
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect SWCombine permissions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/admin/swc/binding?tenant_id=1324&actor=faction-leader');
  });

  it("heads a failed disconnect with the screen's words, not the server's code, and its message beneath", async () => {
    const { user } = await openScreen(connected, {
      'DELETE /api/admin/swc/binding': errorReply(503, 'unavailable', 'SWCombine could not be reached.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to disconnect');
    expect(alert).toHaveTextContent('SWCombine could not be reached.');
    expect(alert).not.toHaveTextContent('unavailable');
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it("heads a failed status with 'Failed to load status', the server's message beneath, never its code", async () => {
    await openScreen(notConnected, { 'GET /api/admin/swc': errorReply(409, 'conflict', 'The binding is being refreshed; try again.') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load status');
    expect(alert).toHaveTextContent('The binding is being refreshed; try again.');
    expect(alert).not.toHaveTextContent('conflict');
  });

  it('says why the status could not be loaded when the server did not answer', async () => {
    await openScreen(notConnected, { 'GET /api/admin/swc': 'network-error' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server could not be reached.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
