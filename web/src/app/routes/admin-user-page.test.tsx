import type { AuditRow, ConnectedApp, SessionRow, UserAccessRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { accessAnswer, accessRow, admin, adminApp, adminUser, testUuid } from '@/testing/fixtures.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { customGroup, factionGroup, userGroup } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const mira = adminUser(1, { name: 'Mira Solan', uid: '1:100002', last_login_at: '2025-03-01T12:30:00.000Z' });
const portal = adminApp({ id: testUuid(11), key: 'portal', name: 'Portal' });
const fleet = adminApp({ id: testUuid(12), key: 'fleet', name: 'Fleet Ops' });
const access: UserAccessRow[] = [accessRow('Fleet Ops', 'fleet', 'active'), accessRow('Market Watch', 'market', '')];
const session: SessionRow = {
  app_key: 'fleet',
  sid: 'sid-7f3a9c',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  device: 'Firefox on Linux',
  device_kind: 'desktop',
  expires_at: '2025-03-02T12:30:00.000Z',
};
const fleetBot: ConnectedApp = {
  key: 'fleet-bot',
  name: 'Fleet Bot',
  icon: null,
  scopes: [{ scope: 'offline_access', words: 'Act while you are away' }],
  since: '2025-03-01T12:30:00.000Z',
  last_used_at: '2025-03-01T13:00:00.000Z',
  offline: true,
};
const login: AuditRow = {
  created_at: '2025-03-01T12:30:00.000Z',
  event: 'login',
  app_key: 'fleet',
  app_name: 'Fleet Ops',
  actor_name: null,
  details: {},
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 Firefox/140.0',
  device: 'Firefox',
  device_kind: 'unknown',
  expires_at: null,
};

async function openPage(tab = '', routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    [`GET /api/admin/users/${mira.id}`]: reply(200, mira),
    [`GET /api/admin/users/${mira.id}/access`]: reply(200, access),
    [`GET /api/admin/users/${mira.id}/sessions`]: reply(200, [session]),
    [`GET /api/admin/users/${mira.id}/audit`]: reply(200, [login]),
    'GET /api/admin/apps': reply(200, [portal, fleet]),
    ...routes,
  });
  const view = renderApp(`/admin/users/${mira.id}${tab}`);
  await screen.findByRole('tablist');
  return { api, ...view };
}

describe('/admin/users/{id}', () => {
  it('heads the page with the user, a breadcrumb back to Users, and the tabs, Apps & access open', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mira Solan' })).toBeInTheDocument();
    expect(screen.getByText('1:100002 · Galactic Weapon Systems · Human')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Apps & access',
      'Groups',
      'Roles & consents',
      'Discord',
      'Sessions',
      'Passkeys',
      'Events',
    ]);
    expect(screen.getByRole('tab', { name: 'Apps & access' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows each app’s decision and its source beside the recorded status', async () => {
    const bypassed = {
      ...accessRow('Market Watch', 'market', ''),
      decision: { allowed: true, source: 'bypass', reason: 'The app is open to every player (Bypass UID whitelist).' },
    };
    await openPage('', { [`GET /api/admin/users/${mira.id}/access`]: reply(200, [access[0], bypassed]) });
    const table = await screen.findByRole('table', { name: 'Apps & access' });
    const market = within(within(table).getByRole('row', { name: /Market Watch/ }));
    // Not "none" alone for an app she can open.
    expect(market.getByText('none')).toBeInTheDocument();
    expect(market.getByText('Admitted — bypass')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Fleet Ops/ })).getByText('Admitted — grant')).toBeInTheDocument();
  });

  it('lists her groups on the Groups tab, a faction she left still counted by a grace period', async () => {
    const left = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const gws = factionGroup(2);
    await openPage('?tab=groups', {
      [`GET /api/admin/users/${mira.id}/groups`]: reply(200, [userGroup(gws, { source: 'roster', left_at: left })]),
    });
    const table = await screen.findByRole('table', { name: 'Groups' });
    const row = within(await within(table).findByRole('row', { name: /Galactic Weapon Systems/ }));
    expect(row.getByText('Faction 20:2400')).toBeInTheDocument();
    expect(row.getByText('Faction roster')).toBeInTheDocument();
    expect(row.getByText('Left 2 hours ago')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Galactic Weapon Systems' })).toHaveAttribute('href', `/admin/groups/${gws.id}`);
  });

  it('shows the end date of a membership that has one, and nothing for an open-ended one', async () => {
    const until = '2026-12-03T18:00:00.000Z';
    const fleetOps = customGroup(1, { name: 'Fleet Ops' });
    const council = customGroup(2, { name: 'Council' });
    await openPage('?tab=groups', {
      [`GET /api/admin/users/${mira.id}/groups`]: reply(200, [
        userGroup(fleetOps, { source: 'approved', until }),
        userGroup(council, { source: 'manager' }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Groups' });
    const fleet = within(await within(table).findByRole('row', { name: /Fleet Ops/ }));
    const shown = fleet.getByText(formatDateTime(until));
    expect(shown).toHaveAttribute('datetime', until);
    expect(shown.parentElement).toHaveTextContent(`Until ${formatDateTime(until)}`);
    const open = within(within(table).getByRole('row', { name: /Council/ }));
    expect(open.getByText('Added by a manager')).toBeInTheDocument();
    expect(open.queryByText(/Until/)).not.toBeInTheDocument();
  });

  it('says a player in no group is in none', async () => {
    await openPage('?tab=groups', { [`GET /api/admin/users/${mira.id}/groups`]: reply(200, []) });
    expect(await screen.findByText(/^In no group\. A player joins their faction's group at sign-in/)).toBeInTheDocument();
  });

  it('offers Lift suspension, not Grant, on a suspended app', async () => {
    const { api, user } = await openPage('', {
      [`GET /api/admin/users/${mira.id}/access`]: reply(200, [accessRow('Fleet Ops', 'fleet', 'suspended')]),
      [`POST /api/admin/users/${mira.id}/apps/fleet/grant`]: reply(200, accessAnswer('active')),
    });
    const table = await screen.findByRole('table', { name: 'Apps & access' });
    const fleetRow = within(table).getByRole('row', { name: /Fleet Ops/ });
    expect(within(fleetRow).queryByRole('button', { name: /^Grant/ })).not.toBeInTheDocument();
    // Each button's name starts with the words it shows, so speech input ("click Lift suspension") reaches it.
    for (const button of within(fleetRow).getAllByRole('button')) {
      expect(button).toHaveAccessibleName(new RegExp(`^${button.textContent}`));
    }
    await user.click(within(fleetRow).getByRole('button', { name: 'Lift suspension of Mira Solan on Fleet Ops' }));
    expect(await screen.findByText('Suspension lifted for Mira Solan on Fleet Ops.')).toBeInTheDocument();
    expect(api.count(`POST /api/admin/users/${mira.id}/apps/fleet/grant`)).toBe(1);
  });

  it('lists each app with the status and grants, suspends or revokes in the row', async () => {
    let status: UserAccessRow['status'] = '';
    const { api, user } = await openPage('', {
      [`GET /api/admin/users/${mira.id}/access`]: () => reply(200, [access[0], { ...access[1]!, status }]),
      [`POST /api/admin/users/${mira.id}/apps/market/grant`]: () => {
        status = 'active';
        return reply(200, accessAnswer(status));
      },
    });
    const table = await screen.findByRole('table', { name: 'Apps & access' });
    const market = within(table).getByRole('row', { name: /Market Watch/ });
    expect(within(market).getByText('none')).toBeInTheDocument();
    expect(within(market).getByRole('button', { name: 'Revoke Mira Solan on Market Watch' })).toBeEnabled();
    const fleetRow = within(table).getByRole('row', { name: /Fleet Ops/ });
    expect(within(fleetRow).getByRole('button', { name: 'Grant Mira Solan access to Fleet Ops' })).toBeDisabled();

    await user.click(within(market).getByRole('button', { name: 'Grant Mira Solan access to Market Watch' }));

    expect(await screen.findByText('Access granted to Mira Solan on Market Watch.')).toBeInTheDocument();
    await waitFor(() => expect(within(market).getByText('active')).toBeInTheDocument());
    expect(api.count(`GET /api/admin/users/${mira.id}/access`)).toBe(2);
  });

  it('says why a change failed', async () => {
    const { user } = await openPage('', {
      [`POST /api/admin/users/${mira.id}/apps/fleet/suspend`]: errorReply(404, 'not_found', 'No app with the key "fleet".'),
    });
    const table = await screen.findByRole('table', { name: 'Apps & access' });
    await user.click(within(table).getByRole('button', { name: 'Suspend Mira Solan on Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Mira Solan on Fleet Ops?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No app with the key "fleet".');
  });

  it("shows the user's roles and scopes per app, each app read when opened, and grants one", async () => {
    const readGrants = `GET /api/admin/consents`;
    const { api, user } = await openPage('?tab=consents', {
      [readGrants]: reply(200, { scp: ['fleet.read'], roles: ['staff'] }),
      'POST /api/admin/roles/grant': reply(200, { scp: ['fleet.read'], roles: ['staff', 'pilot'] }),
    });
    expect(await screen.findByRole('button', { name: /Fleet Ops/ })).toBeInTheDocument();
    expect(api.count(readGrants)).toBe(0);

    await user.click(screen.getByRole('button', { name: /Fleet Ops/ }));
    expect(await screen.findByText('staff')).toBeInTheDocument();
    expect(screen.getByText('fleet.read')).toBeInTheDocument();
    const asked = new URL(api.calls.find((c) => c.path === '/api/admin/consents')!.url).searchParams;
    expect([asked.get('userId'), asked.get('appId')]).toEqual([mira.id, fleet.id]);

    await user.type(screen.getByRole('textbox', { name: 'Grant a role' }), 'pilot');
    await user.click(screen.getAllByRole('button', { name: 'Grant' })[1]!);
    expect(await screen.findByText('pilot')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/admin/roles/grant')!.body).toEqual({ userId: mira.id, appId: fleet.id, value: 'pilot' });
  });

  it('names a refused role beside its Grant and focuses the field', async () => {
    const { user } = await openPage('?tab=consents', { 'GET /api/admin/consents': reply(200, { scp: [], roles: [] }) });
    await user.click(await screen.findByRole('button', { name: /Fleet Ops/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Grant a role' }), 'fleet admin');
    await user.click(screen.getAllByRole('button', { name: 'Grant' })[1]!);
    const summary = await screen.findByRole('status', { name: '1 field needs a change' });
    expect(summary).toHaveTextContent(/^1 field needs a changeGrant a role: /);
    expect(screen.getByRole('textbox', { name: 'Grant a role' })).toHaveFocus();
  });

  it('ends one session, or all of them, after a question that says what happens', async () => {
    const { api, user } = await openPage('?tab=sessions', {
      [`DELETE /api/admin/users/${mira.id}/sessions`]: reply(200, { ended: 1 }),
    });
    const table = await screen.findByRole('table', { name: 'Active Sessions' });
    await waitFor(() => expect(within(table).getByText('sid-7f3a9c')).toBeInTheDocument());
    // The device in words, as Your account shows it; the raw user agent only on hover.
    expect(within(table).getByText('Firefox on Linux')).toHaveAttribute('title', session.user_agent);
    expect(within(table).queryByText(session.user_agent!)).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'End session' }));
    let dialog = await screen.findByRole('dialog', { name: 'End session?' });
    expect(dialog).toHaveTextContent('Mira Solan is signed out of fleet on that device and has to sign in again there.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    dialog = await screen.findByRole('dialog', { name: 'End all sessions?' });
    expect(dialog).toHaveTextContent(
      'Mira Solan is signed out everywhere: the one active session ends, and they have to sign in again on each device.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('1 session ended.')).toBeInTheDocument();
    expect(api.count(`DELETE /api/admin/users/${mira.id}/sessions`)).toBe(1);
  });

  it("lists the player's connected apps with Disconnect, and End all asks whether to disconnect them too", async () => {
    const { api, user } = await openPage('?tab=sessions', {
      [`GET /api/admin/users/${mira.id}/connected-apps`]: (_call, nth) => reply(200, nth === 0 ? [fleetBot] : []),
      [`DELETE /api/admin/users/${mira.id}/connected-apps/fleet-bot`]: reply(204),
      [`DELETE /api/admin/users/${mira.id}/sessions`]: reply(200, { ended: 1, apps_disconnected: 1 }),
    });
    const apps = await screen.findByRole('table', { name: 'Connected apps' });
    await waitFor(() => expect(within(apps).getByText('Fleet Bot')).toBeInTheDocument());
    expect(within(apps).getByText('Can act')).toBeInTheDocument();

    await user.click(within(apps).getByRole('button', { name: 'Disconnect Fleet Bot' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Fleet Bot?' });
    expect(dialog).toHaveTextContent('it can no longer act for them while they are away');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    dialog = await screen.findByRole('dialog', { name: 'End all sessions?' });
    const also = within(dialog).getByRole('checkbox', { name: /Also disconnect their app: Fleet Bot/ });
    expect(also).not.toBeChecked();
    expect(dialog).toHaveTextContent('Fleet Bot can go on acting for Mira Solan while they are away');
    await user.click(also);
    await user.click(within(dialog).getByRole('button', { name: 'End all and disconnect' }));
    expect(await screen.findByText('1 session ended, 1 app disconnected.')).toBeInTheDocument();
    const ended = api.calls.find((c) => c.method === 'DELETE' && c.path === `/api/admin/users/${mira.id}/sessions`);
    expect(new URL(ended!.url).searchParams.get('disconnect_apps')).toBe('true');
    expect(api.count(`DELETE /api/admin/users/${mira.id}/connected-apps/fleet-bot`)).toBe(0);
  });

  it('disconnects one app after the question', async () => {
    const { api, user } = await openPage('?tab=sessions', {
      [`GET /api/admin/users/${mira.id}/connected-apps`]: (_call, nth) => reply(200, nth === 0 ? [fleetBot] : []),
      [`DELETE /api/admin/users/${mira.id}/connected-apps/fleet-bot`]: reply(204),
    });
    const apps = await screen.findByRole('table', { name: 'Connected apps' });
    await user.click(await within(apps).findByRole('button', { name: 'Disconnect Fleet Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Fleet Bot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Fleet Bot disconnected.')).toBeInTheDocument();
    expect(api.count(`DELETE /api/admin/users/${mira.id}/connected-apps/fleet-bot`)).toBe(1);
    expect(await screen.findByText('No app keeps tokens for this user.')).toBeInTheDocument();
  });

  it("lists the user's events, a page at a time", async () => {
    const { api } = await openPage('?tab=events');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    // The App column names the app: the sentence does not repeat it.
    const row = await within(table).findByRole('row', { name: /Signed in/ });
    expect(within(row).getByText('Signed in')).toBeInTheDocument();
    expect(within(row).getByText('Fleet Ops')).toBeInTheDocument();
    const asked = new URL(api.calls.find((c) => c.path === `/api/admin/users/${mira.id}/audit`)!.url).searchParams;
    expect(asked.get('limit')).toBe('10');
  });

  it('says an unknown id names no user and links back to Users, with no Try again that cannot help', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      [`GET /api/admin/users/${mira.id}`]: errorReply(404, 'not_found', 'No user with this id.'),
    });
    renderApp(`/admin/users/${mira.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This user does not exist.');
    expect(within(alert).getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Try again when the user could not be read for another reason', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      [`GET /api/admin/users/${mira.id}`]: errorReply(500, 'internal_error', 'The database did not answer.'),
    });
    renderApp(`/admin/users/${mira.id}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to load the user.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
