import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, adminApp } from '@/testing/fixtures.ts';
import { customGroup, factionGroup, groupMember, membersRoute, pickUntil } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

const fleetOps = customGroup(1, { name: 'Fleet Ops', description: 'Pilots of the home fleet.', member_count: 30, app_count: 2 });
const gws = factionGroup(2, { member_count: 2, app_count: 1, roster: { read_at: null, error: null, finished_at: null, readable: false } });
const mira = groupMember(1, { name: 'Mira Solan', uid: '1:100002' });
/** 30 members: two pages of 25. */
const crew = [mira, ...Array.from({ length: 29 }, (_, i) => groupMember(i + 2))];
const base = `/api/admin/groups/${fleetOps.id}`;

async function openGroup(group = fleetOps, routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/groups': reply(200, [fleetOps, gws]),
    [`GET /api/admin/groups/${group.id}/members`]: membersRoute(crew),
    [`GET /api/admin/groups/${group.id}/managers`]: reply(200, []),
    ...routes,
  });
  const app = renderApp(`/admin/groups/${group.id}`);
  await screen.findByRole('heading', { level: 1, name: group.name });
  return { api, ...app };
}

const membersTable = () => screen.findByRole('table', { name: 'Members' });
const memberQueries = (api: ReturnType<typeof stubFetch>) =>
  api.calls.filter((c) => c.method === 'GET' && c.path === `${base}/members`).map((c) => new URL(c.url).searchParams);

describe('/admin/groups/{id}, a group an admin keeps', () => {
  it('shows its facts and the first page of members with the total, searched and paged on the server', async () => {
    const { api, user } = await openGroup();
    expect(screen.getByText('30 members · 2 apps with access rules naming it')).toBeInTheDocument();
    expect(screen.getByText('Pilots of the home fleet.', { selector: 'span' })).toBeInTheDocument();
    const table = await membersTable();
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    const row = within(within(table).getByRole('link', { name: 'Mira Solan' }).closest('tr')!);
    expect(row.getByText('1:100002')).toBeInTheDocument();
    expect(row.getByText('Member')).toBeInTheDocument();
    expect(row.getByText('Added by an admin')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Mira Solan' })).toHaveAttribute('href', `/admin/users/${mira.user_id}`);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(memberQueries(api).at(-1)?.get('offset')).toBe('25');

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'mira');
    await waitFor(() => expect(memberQueries(api).at(-1)?.get('q')).toBe('mira'));
    expect(memberQueries(api).at(-1)?.get('offset')).toBe('0');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
  });

  it('names the pieces that are not UIDs at the field and sends nothing, then adds the rest and says what happened', async () => {
    const { api, user } = await openGroup(fleetOps, {
      [`POST ${base}/members`]: reply(200, { added: 3, already: 1, new_users: 2, unknown_to_game: ['1:100005'] }),
    });
    const field = screen.getByRole('textbox', { name: /^UIDs/ });
    await user.type(field, '1:100002, bogus 2:2400{Enter}1:100003');
    expect(screen.getByText('2 UIDs found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add players' }));

    expect(field).toHaveAccessibleDescription(expect.stringContaining('Not UIDs: “bogus”, “2:2400”.'));
    expect(field).toHaveFocus();
    expect(api.count(`POST ${base}/members`)).toBe(0);

    await user.clear(field);
    await user.type(field, '1:100002 1:100003{Enter}1:100004,1:100005 1:100002');
    await user.click(screen.getByRole('button', { name: 'Add players' }));

    expect(
      await screen.findByText('Added 3 players to Fleet Ops (2 new to the portal, added as users); 1 player was already in it.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === `${base}/members`)?.body).toEqual({
      uids: ['1:100002', '1:100003', '1:100004', '1:100005'],
    });
    expect(field).toHaveValue('');
    // One of them SWCombine never named to the portal: the admin is asked to check it.
    expect(screen.getByText('1:100005 is not a character the portal knows')).toBeInTheDocument();
  });

  it('adds players until a date picked on the calendar', async () => {
    const { api, user } = await openGroup(fleetOps, {
      [`POST ${base}/members`]: reply(200, { added: 1, already: 0, new_users: 0, unknown_to_game: [] }),
    });
    await user.type(screen.getByRole('textbox', { name: /^UIDs/ }), '1:100002');
    const until = new Date();
    until.setMonth(until.getMonth() + 1, 15);
    until.setHours(18, 0, 0, 0);
    await pickUntil(user, until);
    await user.click(screen.getByRole('button', { name: 'Add players' }));
    expect(await screen.findByText('Added 1 player to Fleet Ops.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === `${base}/members`)?.body).toEqual({
      uids: ['1:100002'],
      until: until.toISOString(),
    });
    // The form starts again empty: no end date either.
    expect(screen.getByRole('button', { name: 'End date (optional)' })).toHaveTextContent('No end date');
  });

  it("gives the group an app: the app's Access tab opens with the group's rule added, to set, preview and save", async () => {
    const portal = adminApp({ id: '00000000-0000-4000-8000-000000000a01', key: 'portal', name: 'Portal' });
    const hangar = adminApp({ id: '00000000-0000-4000-8000-000000000a02', key: 'hangar', name: 'Hangar' });
    const { api, user, search } = await openGroup(fleetOps, {
      'GET /api/admin/apps': reply(200, [portal, hangar]),
      [`GET /api/admin/apps/${hangar.id}/access-rules`]: reply(200, { rules: [] }),
      [`GET /api/admin/apps/${hangar.id}/access`]: reply(200, []),
      'GET /api/admin/groups/factions': reply(200, { read_at: null, factions: [] }),
      [`POST /api/admin/apps/${hangar.id}/access-rules/preview`]: reply(200, {
        added: { count: 30, sample: [{ user_id: mira.user_id, uid: mira.uid, name: 'Mira Solan' }] },
        removed: { count: 0, sample: [] },
      }),
    });
    const card = within(await screen.findByRole('region', { name: 'Give the group an app' }));
    await user.click(card.getByRole('button', { name: 'Add a rule' }));
    expect(card.getByText('Pick the app the group should open.')).toBeInTheDocument();
    await user.click(card.getByRole('combobox', { name: 'App' }));
    // The portal admits every player: it takes no rules.
    expect(screen.queryByRole('option', { name: 'Portal (portal)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Hangar (hangar)' }));
    await user.click(card.getByRole('button', { name: 'Add a rule' }));

    await screen.findByRole('heading', { level: 1, name: 'Hangar' });
    expect(await screen.findByRole('listitem', { name: 'Rule for Fleet Ops' })).toBeInTheDocument();
    await waitFor(() => expect(search()).toBe('?tab=access'));
    await user.click(screen.getByRole('button', { name: 'Preview changes' }));
    expect(await screen.findByText('These rules admit 30 more players.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === `/api/admin/apps/${hangar.id}/access-rules/preview`)?.body).toEqual({
      rules: [{ group_id: fleetOps.id, roles: [], scopes: [], grace_hours: 0 }],
    });
  });

  it('asks for at least one UID', async () => {
    const { api, user } = await openGroup();
    await user.click(screen.getByRole('button', { name: 'Add players' }));
    expect(screen.getByRole('textbox', { name: /^UIDs/ })).toHaveAccessibleDescription(expect.stringContaining('Paste at least one UID.'));
    expect(api.count(`POST ${base}/members`)).toBe(0);
  });

  it('asks before removing a member, saying what they lose, then removes them', async () => {
    const { api, user } = await openGroup(fleetOps, { [`DELETE ${base}/members/${mira.user_id}`]: reply(204) });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Remove Mira Solan from Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from Fleet Ops?' });
    expect(dialog).toHaveTextContent('Mira Solan loses what Fleet Ops’s access rules give, at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count(`DELETE ${base}/members/${mira.user_id}`)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Remove Mira Solan from Fleet Ops' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove from Fleet Ops?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Mira Solan removed from Fleet Ops.')).toBeInTheDocument();
    expect(api.count(`DELETE ${base}/members/${mira.user_id}`)).toBe(1);
  });

  it('renames the group, with a taken name refused at the field', async () => {
    let nth = 0;
    const { api, user } = await openGroup(fleetOps, {
      [`PUT ${base}`]: () =>
        nth++ === 0
          ? errorReply(409, 'conflict', 'Another group is already named "Home Fleet".')
          : reply(200, { ...fleetOps, name: 'Home Fleet Pilots' }),
    });
    const settings = within(screen.getByRole('region', { name: 'Name and description' }));
    const name = settings.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Fleet Ops');
    await user.clear(name);
    await user.type(name, 'Home Fleet');
    await user.click(settings.getByRole('button', { name: 'Save group' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Another group is already named "Home Fleet".')));

    await user.type(name, ' Pilots');
    await user.click(settings.getByRole('button', { name: 'Save group' }));
    expect(await settings.findByText('Group “Home Fleet Pilots” saved.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      name: 'Home Fleet Pilots',
      description: 'Pilots of the home fleet.',
    });
  });

  it('shows the group to every app when switched on, saying so under the switch, and says why when that fails', async () => {
    let nth = 0;
    const { api, user } = await openGroup(fleetOps, {
      [`PUT ${base}/shown-to-apps`]: () =>
        nth++ === 0
          ? errorReply(503, 'unavailable', 'The database did not answer in time.')
          : reply(200, { ...fleetOps, shown_to_apps: true }),
    });
    const card = within(screen.getByRole('region', { name: 'What apps are told' }));
    const toggle = card.getByRole('switch', { name: 'Show to every app' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Every app is told when a player is in this group'));

    await user.click(toggle);
    expect(await card.findByRole('alert')).toHaveTextContent('The setting could not be saved');
    expect(card.getByRole('alert')).toHaveTextContent('The database did not answer in time.');
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await card.findByText('Every app is now told when a player is in Fleet Ops.')).toBeInTheDocument();
    expect(card.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ shown_to_apps: true }, { shown_to_apps: true }]);
  });

  it('deletes the group after asking what ends, and goes back to Groups saying so', async () => {
    const { api, user, pathname } = await openGroup(fleetOps, { [`DELETE ${base}`]: reply(204) });
    await user.click(screen.getByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group?' });
    expect(dialog).toHaveTextContent(
      'Fleet Ops is deleted and its 30 members taken out of it, with the access rules of 2 apps that name it. Its members lose what those rules gave them, at once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));

    await screen.findByRole('heading', { level: 1, name: 'Groups' });
    expect(pathname()).toBe('/admin/groups');
    expect(screen.getByText('Group “Fleet Ops” deleted.')).toBeInTheDocument();
    expect(api.count(`DELETE ${base}`)).toBe(1);
  });

  it('says so when no group has the id', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/groups': reply(200, [fleetOps]) });
    renderApp('/admin/groups/20000000-0000-4000-8000-000000000099');
    expect(await screen.findByText('No such group')).toBeInTheDocument();
  });
});

describe('/admin/groups/{id}, a faction', () => {
  const leaving = groupMember(3, { name: 'Dax Orrel', source: 'roster', left_at: hoursAgo(2) });
  const factionMembers = [groupMember(1, { name: 'Mira Solan', source: 'sign-in' }), leaving];

  it('is read-only: the game keeps its members; a member who left shows when, while a grace period keeps them', async () => {
    const { api } = await openGroup(gws, { [`GET /api/admin/groups/${gws.id}/members`]: membersRoute(factionMembers) });
    expect(screen.getByText('Faction 20:2400')).toBeInTheDocument();
    expect(screen.getByText(/The game keeps this faction’s members/)).toBeInTheDocument();
    expect(screen.getByText('Never read')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SWC Integration' })).toHaveAttribute('href', '/admin/swc');

    const table = await membersTable();
    const row = within(within(table).getByRole('link', { name: 'Dax Orrel' }).closest('tr')!);
    expect(row.getByText('Left 2 hours ago')).toBeInTheDocument();
    expect(row.getByText('Access kept while a rule’s grace period counts')).toBeInTheDocument();
    expect(row.getByText('Faction roster')).toBeInTheDocument();
    expect(within(table).getByText('At sign-in')).toBeInTheDocument();

    for (const name of ['Add players', 'Save group', 'Delete group'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('may be shown to every app, and says under which name apps receive a faction that shares a group’s name', async () => {
    const shared = factionGroup(3, {
      name: 'Galactic Empire',
      faction_uid: '20:7',
      sent_as: 'Galactic Empire (20:7)',
      shown_to_apps: true,
    });
    const { api, user } = await openGroup(shared, {
      'GET /api/admin/groups': reply(200, [fleetOps, shared]),
      [`GET /api/admin/groups/${shared.id}/members`]: membersRoute(factionMembers),
      [`PUT /api/admin/groups/${shared.id}/shown-to-apps`]: reply(200, { ...shared, shown_to_apps: false }),
    });
    expect(screen.getByText(/· shown to every app/)).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'What apps are told' }));
    expect(card.getByText('Galactic Empire (20:7)')).toBeInTheDocument();
    const toggle = card.getByRole('switch', { name: 'Show to every app' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await card.findByText('Only the apps whose access rules name Galactic Empire (20:7) are told of it now.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ shown_to_apps: false });
  });
});
