import type { DiscordConnection } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin } from '@/testing/fixtures.ts';
import { factionGroup } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const gws = factionGroup(2);
const GWS_ROLE = '1103744854917120004';
const working: DiscordConnection = {
  connected: true,
  client_id: '1205845622784000007',
  guild_id: '1103742841651200001',
  client_secret_set: true,
  bot_token_set: true,
  on_leave: 'remove_roles',
  nickname: '{name}',
  reconcile: 'fix',
  status: { ok: true, guild_name: 'SWCombine Community', bot_role: 'SWC Portal', problems: [], last_answer_at: '2026-11-22T12:00:00.000Z' },
  last_reconcile: null,
};
const roles = [
  { id: '1103746113208320009', name: 'Moderators', position: 9, managed: false, assignable: false },
  { id: GWS_ROLE, name: 'Galactic Weapon Systems', position: 4, managed: false, assignable: true },
];

function openDiscord(connection: DiscordConnection, routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/discord': reply(200, connection),
    'GET /api/admin/discord/roles': reply(200, roles),
    'GET /api/admin/discord/role-rules': reply(200, { rules: [{ group_id: gws.id, role_id: GWS_ROLE }] }),
    'GET /api/admin/groups': reply(200, [gws]),
    ...routes,
  });
  const { user } = renderApp('/admin/discord');
  return { api, user };
}

describe('/admin/discord', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says in words that Discord works: the server and the bot’s highest role; the secrets are never shown', async () => {
    openDiscord(working);
    await screen.findByRole('heading', { level: 1, name: 'Discord' });
    expect(
      await screen.findByText(/Connected to the server SWCombine Community; the bot’s highest role is SWC Portal/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bot token')).toHaveValue('');
    expect(screen.getAllByText('Stored (never shown). Leave empty to keep it; type a new one to replace it.')).toHaveLength(2);
  });

  it('lists every problem as a sentence when Discord does not work', async () => {
    openDiscord({
      ...working,
      status: {
        ok: false,
        guild_name: null,
        bot_role: null,
        problems: ['Discord refused the bot token (401 Unauthorized): reset the bot token in Discord’s developer portal and save it here.'],
        last_answer_at: null,
      },
    });
    expect(await screen.findByText('Discord does not fully work')).toBeInTheDocument();
    expect(screen.getByText(/Discord refused the bot token \(401 Unauthorized\)/)).toBeInTheDocument();
    expect(screen.getByText('Discord has not answered yet.')).toBeInTheDocument();
  });

  it('shows the rules, previews a change before Save, then saves it', async () => {
    const { api, user } = openDiscord(working, {
      'POST /api/admin/discord/role-rules/preview': reply(200, {
        added: { count: 0, sample: [] },
        removed: { count: 1, sample: ['Mira Solan: Galactic Weapon Systems'] },
      }),
      'PUT /api/admin/discord/role-rules': reply(200, { rules: [] }),
    });
    const rule = await screen.findByRole('group', { name: 'Rule 1' });
    expect(within(rule).getByRole('combobox', { name: 'Members of' })).toHaveValue('Galactic Weapon Systems (faction)');
    expect(within(rule).getByRole('combobox', { name: 'hold the Discord role' })).toHaveValue('Galactic Weapon Systems');
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Would lose roles: 1 linked player')).toBeInTheDocument();
    expect(screen.getByText('Mira Solan: Galactic Weapon Systems')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/admin/discord/role-rules/preview')?.body).toEqual({ rules: [] });
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(api.count('PUT /api/admin/discord/role-rules')).toBe(1));
    expect(await screen.findByText('Role rules saved: linked players’ roles follow within a minute.')).toBeInTheDocument();
  });

  it('connects a server: an empty secret is not sent, so the stored one stays', async () => {
    const { api, user } = openDiscord(working, { 'PUT /api/admin/discord': reply(200, working) });
    await screen.findByText(/Connected to the server/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.count('PUT /api/admin/discord')).toBe(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      client_id: working.client_id,
      guild_id: working.guild_id,
      on_leave: 'remove_roles',
      reconcile: 'fix',
      nickname: '{name}',
    });
    expect(await screen.findByText('Saved: Discord works.')).toBeInTheDocument();
  });

  it('previews the reconcile, naming the member given a role by hand, then runs it', async () => {
    const { api, user } = openDiscord(working, {
      'POST /api/admin/discord/reconcile/preview': reply(200, {
        add: { count: 0, sample: [] },
        remove: { count: 1, sample: ['drex.holloway: Galactic Weapon Systems'] },
      }),
      'POST /api/admin/discord/reconcile': reply(200, { add: { count: 0, sample: [] }, remove: { count: 1, sample: [] } }),
    });
    expect(await screen.findByText('The reconcile has not run yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview reconcile' }));
    expect(await screen.findByText('drex.holloway: Galactic Weapon Systems')).toBeInTheDocument();
    expect(api.count('POST /api/admin/discord/reconcile')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('Reconciled: roles given to 0, taken from 1.')).toBeInTheDocument();
  });
});
