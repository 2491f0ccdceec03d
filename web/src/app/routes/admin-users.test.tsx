import type { AdminUser, AuditRow, SessionRow, UserAccessRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { PHONE_QUERY } from '@/lib/use-phone-layout.ts';
import { errorReply, reply, stubFetch, type StubCall } from '@/testing/fetch-stub.ts';
import { accessRow, admin, adminUser } from '@/testing/fixtures.ts';
import { customGroup, factionGroup, userGroup } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const mira = adminUser(1, { name: 'Mira Solan', uid: '1:100002', last_login_at: '2025-03-01T12:30:00.000Z' });
const jorin = adminUser(2, { name: 'Jorin Vex', uid: '1:100001' });
/** 60 users: three pages of 25. */
const everyone = [mira, jorin, ...Array.from({ length: 58 }, (_, i) => adminUser(i + 3))];

const access: UserAccessRow[] = [
  accessRow('Fleet Ops', 'fleet', 'active'),
  {
    ...accessRow('Market Watch', 'market', ''),
    decision: {
      allowed: true,
      source: 'faction Galactic Weapon Systems',
      reason: 'Admitted as a member of faction Galactic Weapon Systems.',
    },
  },
  accessRow('Mining Log', 'mine', 'suspended'),
];
const fleetGroup = customGroup(1, { name: 'Fleet Ops' });
const groups = [userGroup(factionGroup(2)), userGroup(fleetGroup)];
const session: SessionRow = {
  app_key: 'fleet',
  sid: 'sid-7f3a9c',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  device: 'Firefox on Linux',
  device_kind: 'desktop',
  expires_at: '2025-03-02T12:30:00.000Z',
};
const audit: AuditRow[] = [
  {
    created_at: '2025-03-01T12:30:00.000Z',
    event: 'login',
    app_key: 'fleet',
    app_name: 'Fleet Ops',
    actor_name: null,
    details: {},
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    device: 'Firefox on Linux',
    device_kind: 'desktop',
    expires_at: '2025-03-02T12:30:00.000Z',
  },
  {
    created_at: '2025-02-01T08:00:00.000Z',
    event: 'role_revoked',
    app_key: 'fleet',
    app_name: 'Fleet Ops',
    actor_name: 'Jorin Vex',
    details: { value: 'staff' },
    ip: null,
    user_agent: null,
    device: null,
    device_kind: null,
    expires_at: null,
  },
];

/** GET /api/admin/users answers like the server: q filters name or UID, limit/offset page, X-Total-Count. */
function usersRoute(users: AdminUser[]) {
  return (call: StubCall) => {
    const url = new URL(call.url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const matching = users.filter((u) => !q || (u.name ?? '').toLowerCase().includes(q) || u.uid.includes(q));
    return reply(200, { page: matching.slice(offset, offset + limit), total: matching.length });
  };
}

/** stubFetch answers JSON only; this moves a paged route's total (`{ page, total }`) into the X-Total-Count header. */
function withTotalHeader() {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    if ((init?.method ?? 'GET') !== 'GET' || !response.ok) return response;
    const body = (await response.clone().json()) as unknown;
    if (!body || typeof body !== 'object' || !('page' in body)) return response;
    const { page, total } = body as { page: unknown[]; total: number };
    return new Response(JSON.stringify(page), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
    });
  });
}

const detailRoutes = (user: AdminUser) => ({
  [`GET /api/admin/users/${user.id}/access`]: reply(200, access),
  [`GET /api/admin/users/${user.id}/sessions`]: reply(200, [session]),
  [`GET /api/admin/users/${user.id}/audit`]: reply(200, audit),
  [`GET /api/admin/users/${user.id}/groups`]: reply(200, groups),
});

async function openUsers(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/users': usersRoute(everyone), ...routes });
  withTotalHeader();
  const app = renderApp('/admin/users');
  await screen.findByRole('heading', { name: 'Users' });
  // The table appears once the first page is in (a loading state before).
  await screen.findByRole('table', { name: 'All users' });
  return { api, ...app };
}

const listCalls = (api: ReturnType<typeof stubFetch>) =>
  api.calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/users').map((c) => new URL(c.url).searchParams);

function userTable() {
  return screen.getByRole('table', { name: 'All users' });
}

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

describe('/admin/users', () => {
  it('lists the first page of 25 users with the total, and pages on the server', async () => {
    const { api, user } = await openUsers();

    expect(await within(userTable()).findByText('Mira Solan')).toBeInTheDocument();
    expect(within(userTable()).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(listCalls(api)[0]!.get('limit')).toBe('25');
    expect(listCalls(api)[0]!.get('offset')).toBe('0');
    expect(listCalls(api)[0]!.has('q')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await within(userTable()).findByText('Pilot 060')).toBeInTheDocument();
    expect(listCalls(api).at(-1)!.get('offset')).toBe('50');
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(within(userTable()).getAllByRole('row')).toHaveLength(11);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await within(userTable()).findByText('Pilot 030')).toBeInTheDocument();
    expect(listCalls(api).at(-1)!.get('offset')).toBe('25');
  });

  it('searches on the server with q once typing pauses, back on page 1', async () => {
    const { api, user } = await openUsers();
    await within(userTable()).findByText('Mira Solan');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(api).at(-1)!.get('offset')).toBe('25'));

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'mira');

    await waitFor(() => expect(listCalls(api).at(-1)!.get('q')).toBe('mira'));
    expect(listCalls(api).at(-1)!.get('offset')).toBe('0');
    // Debounced: not one call per key.
    expect(listCalls(api).filter((p) => p.has('q'))).toHaveLength(1);
    await waitFor(() => expect(rowsOf(userTable())).toHaveLength(1));
    expect(within(userTable()).getByText('Mira Solan')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match "nobody".')).toBeInTheDocument();
  });

  it('requires a UID before adding a user', async () => {
    const { api, user } = await openUsers();

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('UID is required')).toBeInTheDocument();
    // Named beside the button, and the focus is in the field.
    expect(screen.getByRole('status', { name: '1 field needs a change' })).toHaveTextContent('UID: UID is required');
    expect(screen.getByRole('textbox', { name: /^UID/ })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /^UID/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(screen.getByText('UID is required')).toBeInTheDocument();
    expect(api.count('POST /api/admin/users')).toBe(0);
  });

  it("shows the contract's UID rule before sending, not the server's answer", async () => {
    const { api, user } = await openUsers();

    await user.type(screen.getByRole('textbox', { name: /^UID/ }), '100003');
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('UID must be a SWCombine character UID such as 1:12345')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^UID/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.count('POST /api/admin/users')).toBe(0);
  });

  it("names a user who has not signed in yet 'Not signed in yet', beside the UID, with a neutral avatar", async () => {
    const newcomer = adminUser(3, { uid: '1:100003', name: null });
    const { user } = await openUsers({
      'GET /api/admin/users': usersRoute([newcomer, mira]),
      ...detailRoutes(newcomer),
    });

    const row = (await within(userTable()).findByRole('button', { name: 'Not signed in yet (1:100003)' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 2),
    ).toEqual(['Not signed in yet', '1:100003']);
    // No initials made of the UID ('1:').
    expect(within(row).queryByText('1:')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Not signed in yet (1:100003)' }));
    const details = await screen.findByRole('region', { name: 'Details of 1:100003' });
    expect(within(details).getByRole('heading', { name: 'Not signed in yet' })).toBeInTheDocument();
    expect(within(details).getByText(/Last sign-in never/)).toBeInTheDocument();
  });

  it('adds a user by UID with POST {uid} and refreshes the list', async () => {
    const { api, user } = await openUsers({ 'POST /api/admin/users': reply(201, adminUser(99, { uid: '1:5', name: '' })) });
    await within(userTable()).findByText('Mira Solan');

    await user.type(screen.getByRole('textbox', { name: /^UID/ }), ' 1:5 ');
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(api.count('POST /api/admin/users')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ credentials: 'include', body: { uid: '1:5' } });
    expect(await screen.findByText('User 1:5 added.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^UID/ })).toHaveValue('');
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
  });

  it('warns when a UID added is not a character SWCombine ever named to the portal, and names one it did', async () => {
    const { user } = await openUsers({
      'POST /api/admin/users': (_call, nth) =>
        reply(201, nth === 0 ? adminUser(98, { uid: '1:999999', name: null }) : adminUser(97, { uid: '1:100003', name: 'Rorr Tagge' })),
    });
    await within(userTable()).findByText('Mira Solan');

    await user.type(screen.getByRole('textbox', { name: /^UID/ }), '1:999999');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const warning = await screen.findByRole('alert', { name: '1:999999 is not a character the portal knows' });
    expect(warning).toHaveTextContent('SWCombine tells who a character is only to that character, so check the UID in the game.');

    await user.type(screen.getByRole('textbox', { name: /^UID/ }), '1:100003');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('User Rorr Tagge (1:100003) added.')).toBeInTheDocument();
    expect(screen.queryByText(/is not a character the portal knows/)).not.toBeInTheDocument();
  });

  it('shows one current message: adding the same user again replaces "added" with the refusal', async () => {
    const { user } = await openUsers({
      'POST /api/admin/users': (_call, nth) =>
        nth === 0
          ? reply(201, adminUser(99, { uid: '1:5', name: null }))
          : errorReply(409, 'conflict', 'A user with the UID 1:5 already exists.'),
    });
    const uid = screen.getByRole('textbox', { name: /^UID/ });

    await user.type(uid, '1:5');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('User 1:5 added.')).toBeInTheDocument();

    await user.type(uid, '1:5');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('A user with the UID 1:5 already exists.')).toBeInTheDocument();
    expect(screen.queryByText('User 1:5 added.')).not.toBeInTheDocument();
  });

  it("shows the server's reason when a user cannot be added", async () => {
    const { user } = await openUsers({
      'POST /api/admin/users': errorReply(409, 'conflict', 'A user with the UID 1:5 already exists.'),
    });

    await user.type(screen.getByRole('textbox', { name: /^UID/ }), '1:5');
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('A user with the UID 1:5 already exists.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^UID/ })).toHaveValue('1:5');
  });

  it("selecting a user shows apps with status ('none' for no access), active sessions and the audit log", async () => {
    const { user } = await openUsers(detailRoutes(mira));

    await user.click(await within(userTable()).findByRole('button', { name: 'Mira Solan' }));

    const apps = await screen.findByRole('table', { name: 'Apps' });
    await waitFor(() => expect(rowsOf(apps)).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Open user page' })).toHaveAttribute('href', `/admin/users/${mira.id}`);
    expect(
      within(apps)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['App name', 'App key', 'Status', 'Decision']);
    expect(rowsOf(apps).map((cells) => cells.slice(0, 3))).toEqual([
      ['Fleet Ops', 'fleet', 'active'],
      ['Market Watch', 'market', 'none'],
      ['Mining Log', 'mine', 'suspended'],
    ]);
    // 'none' is what an admin recorded; the decision says the faction's rule admits her anyway.
    const market = within(within(apps).getByRole('row', { name: /Market Watch/ }));
    expect(market.getByText('Admitted — faction Galactic Weapon Systems')).toBeInTheDocument();
    expect(market.getByText('Admitted as a member of faction Galactic Weapon Systems.')).toBeInTheDocument();
    expect(within(within(apps).getByRole('row', { name: /Mining Log/ })).getByText('Refused — suspended')).toBeInTheDocument();
    expect(within(within(apps).getByRole('row', { name: /Fleet Ops/ })).getByText('Admitted — grant')).toBeInTheDocument();

    const groupsTable = screen.getByRole('table', { name: 'Groups' });
    await within(groupsTable).findByRole('link', { name: 'Galactic Weapon Systems' });
    expect(rowsOf(groupsTable)).toEqual([
      ['Galactic Weapon Systems', 'Faction 20:2400', `At sign-in${formatDateTime('2025-01-01T10:00:00.000Z')}`, 'Member'],
      ['Fleet Ops', 'Group', `Added by an admin${formatDateTime('2025-01-01T10:00:00.000Z')}`, 'Member'],
    ]);
    expect(within(groupsTable).getByRole('link', { name: 'Fleet Ops' })).toHaveAttribute('href', `/admin/groups/${fleetGroup.id}`);

    const sessions = screen.getByRole('table', { name: 'Active Sessions' });
    await waitFor(() => expect(within(sessions).getByText('sid-7f3a9c')).toBeInTheDocument());
    expect(
      within(sessions)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['App', 'SID', 'IP', 'User agent', 'Expires', 'Actions']);
    expect(rowsOf(sessions)[0]!.slice(0, 5)).toEqual([
      'fleet',
      'sid-7f3a9c',
      '203.0.113.7',
      // The device in words, as Your account names it.
      'Firefox on Linux',
      formatDateTime(session.expires_at),
    ]);

    const log = screen.getByRole('table', { name: 'Audit Log' });
    await waitFor(() => expect(rowsOf(log)).toHaveLength(2));
    expect(
      within(log)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Event', 'App', 'IP', 'User agent', 'Expires']);
    // Each event is a sentence: what changed and by whom, never the raw code; the App column names the app, the sentence does not repeat it.
    expect(rowsOf(log)).toEqual([
      [
        formatDateTime(audit[0]!.created_at),
        'Signed in',
        'Fleet Ops',
        '203.0.113.7',
        // The device in words, as Active Sessions names it.
        'Firefox on Linux',
        formatDateTime(audit[0]!.expires_at),
      ],
      [formatDateTime(audit[1]!.created_at), 'Role revoked: staff by Jorin Vex', 'Fleet Ops', '-', '-', '-'],
    ]);
    expect(screen.queryByText('role_revoked')).not.toBeInTheDocument();
    // Local date-times, not the raw ISO strings.
    expect(screen.queryByText('2025-03-01T12:30:00.000Z')).not.toBeInTheDocument();
  });

  it('selects a user with the keyboard and shows empty states', async () => {
    const { user } = await openUsers({
      [`GET /api/admin/users/${jorin.id}/access`]: reply(200, []),
      [`GET /api/admin/users/${jorin.id}/sessions`]: reply(200, []),
      [`GET /api/admin/users/${jorin.id}/audit`]: reply(200, []),
    });

    const button = await within(userTable()).findByRole('button', { name: 'Jorin Vex' });
    button.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
    expect(screen.getByText('No audit events yet.')).toBeInTheDocument();
    expect(screen.getByText('No apps in the catalog.')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-current', 'true');
  });

  it('ends one session after confirming', async () => {
    const { api, user } = await openUsers({
      ...detailRoutes(mira),
      [`GET /api/admin/users/${mira.id}/sessions`]: (_call, nth) => reply(200, nth === 0 ? [session] : []),
      [`DELETE /api/admin/users/${mira.id}/sessions/${session.sid}`]: reply(204),
    });

    await user.click(await within(userTable()).findByRole('button', { name: 'Mira Solan' }));
    const sessions = await screen.findByRole('table', { name: 'Active Sessions' });
    await user.click(await within(sessions).findByRole('button', { name: 'End session' }));

    const dialog = await screen.findByRole('dialog', { name: 'End session?' });
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe(`/api/admin/users/${mira.id}/sessions/${session.sid}`);
    expect(await within(screen.getByRole('region', { name: 'Active Sessions' })).findByText('No active sessions.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.count(`GET /api/admin/users/${mira.id}/audit`)).toBe(2));
  });

  it('pages the sessions and the audit log on the server, newest first, with the total', async () => {
    const many = Array.from({ length: 34 }, (_, i): SessionRow => ({ ...session, sid: `sid-${String(i).padStart(2, '0')}` }));
    const entries = Array.from({ length: 33 }, (_, i): AuditRow => ({ ...audit[0]!, details: { n: i } }));
    const paged = (rows: unknown[]) => (call: StubCall) => {
      const params = new URL(call.url).searchParams;
      const offset = Number(params.get('offset'));
      return reply(200, { page: rows.slice(offset, offset + Number(params.get('limit'))), total: rows.length });
    };
    const { api, user } = await openUsers({
      ...detailRoutes(mira),
      [`GET /api/admin/users/${mira.id}/sessions`]: paged(many),
      [`GET /api/admin/users/${mira.id}/audit`]: paged(entries),
    });

    await user.click(await within(userTable()).findByRole('button', { name: 'Mira Solan' }));
    const sessions = screen.getByRole('region', { name: 'Active Sessions' });
    await waitFor(() => expect(rowsOf(within(sessions).getByRole('table'))).toHaveLength(10));
    expect(within(sessions).getByText('1–10 of 34')).toBeInTheDocument();
    await user.click(within(sessions).getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(within(sessions).getByText('31–34 of 34')).toBeInTheDocument());
    expect(rowsOf(within(sessions).getByRole('table')).map((r) => r[1])).toEqual(['sid-30', 'sid-31', 'sid-32', 'sid-33']);
    const asked = api.calls.filter((c) => c.path.endsWith('/sessions')).map((c) => new URL(c.url).search);
    expect(asked).toEqual(['?limit=10&offset=0', '?limit=10&offset=30']);

    const log = screen.getByRole('region', { name: 'Audit Log' });
    expect(within(log).getByText('1–10 of 33')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
  });

  it('ends all sessions after confirming, and says how many ended', async () => {
    const { api, user } = await openUsers({
      ...detailRoutes(mira),
      [`GET /api/admin/users/${mira.id}/sessions`]: (_call, nth) => reply(200, nth === 0 ? [session, { ...session, sid: 'sid-2' }] : []),
      [`DELETE /api/admin/users/${mira.id}/sessions`]: reply(200, { ended: 2 }),
    });

    await user.click(await within(userTable()).findByRole('button', { name: 'Mira Solan' }));
    const sessions = screen.getByRole('region', { name: 'Active Sessions' });
    await user.click(await within(sessions).findByRole('button', { name: 'End all sessions' }));

    const dialog = await screen.findByRole('dialog', { name: 'End all sessions?' });
    expect(dialog).toHaveTextContent('Mira Solan is signed out everywhere: all 2 active sessions end');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));

    expect(await within(sessions).findByRole('status')).toHaveTextContent('2 sessions ended.');
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe(`/api/admin/users/${mira.id}/sessions`);
    expect(await within(sessions).findByText('No active sessions.')).toBeInTheDocument();
    expect(within(sessions).getByRole('button', { name: 'End all sessions' })).toBeDisabled();
    await waitFor(() => expect(api.count(`GET /api/admin/users/${mira.id}/audit`)).toBe(2));
  });

  it("shows 'Failed to load apps/users.' when the list cannot be read", async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/users': errorReply(403, 'forbidden', 'No') });
    renderApp('/admin/users');

    expect(await screen.findByText('Failed to load apps/users.')).toBeInTheDocument();
  });

  it('still pages when the total header is missing', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/admin/users': (call) => {
        const offset = Number(new URL(call.url).searchParams.get('offset'));
        return reply(200, everyone.slice(offset, offset + 25));
      },
    });
    const { user } = renderApp('/admin/users');

    await screen.findByText('Mira Solan');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Pilot 030')).toBeInTheDocument();
  });
});

describe('/admin/users on a phone', () => {
  it("opens a user from anywhere on the user's card, as a desktop row does", async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query === PHONE_QUERY }));
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/users': usersRoute(everyone), ...detailRoutes(mira) });
    withTotalHeader();
    const { user } = renderApp('/admin/users');

    const card = within(await screen.findByRole('list', { name: 'All users' })).getByRole('listitem', { name: 'Mira Solan (1:100002)' });
    await user.click(within(card).getByText('1:100002'));

    expect(await screen.findByRole('region', { name: 'Details of Mira Solan' })).toBeInTheDocument();
  });
});
