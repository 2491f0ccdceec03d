import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-phone-layout.ts';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin } from '@/testing/fixtures.ts';
import { customGroup, factionGroup } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const fleetOps = customGroup(1, {
  name: 'Fleet Ops',
  description: 'Pilots of the home fleet.',
  member_count: 12,
  app_count: 2,
  joining: 'request',
  manager_count: 3,
});
const council = customGroup(5, { name: 'Council', joining: 'closed', manager_count: 0 });
const cantina = customGroup(6, { name: 'Cantina', joining: 'open', manager_count: 1 });
const gws = factionGroup(2, {
  member_count: 340,
  app_count: 1,
  roster: { read_at: minutesAgo(3), error: null, finished_at: minutesAgo(3), readable: true },
});
const unread = factionGroup(3, {
  name: 'Black Sun',
  faction_uid: '20:77',
  roster: { read_at: null, error: null, finished_at: null, readable: false },
});
const failing = factionGroup(4, {
  name: 'Rebel Alliance',
  faction_uid: '20:1',
  roster: { read_at: minutesAgo(120), error: 'SWCombine refused the token.', finished_at: minutesAgo(2), readable: true },
});

async function openGroups(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/groups': reply(200, [fleetOps, gws, unread, failing]),
    ...routes,
  });
  const app = renderApp('/admin/groups');
  await screen.findByRole('heading', { level: 1, name: 'Groups' });
  return { api, ...app };
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;

describe('/admin/groups', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists groups then factions with their kind, members, apps with rules and last roster read', async () => {
    await openGroups();
    const table = await screen.findByRole('table', { name: 'Groups and factions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Kind', 'Members', 'Apps with rules', 'Joining', 'Managers', 'Roster']);
    expect(screen.getByText('4 groups')).toBeInTheDocument();

    const fleet = within(await rowOf('Fleet Ops'));
    expect(fleet.getByText('Group')).toBeInTheDocument();
    expect(fleet.getByText('Pilots of the home fleet.')).toBeInTheDocument();
    expect(fleet.getByText('12')).toBeInTheDocument();
    expect(fleet.getByText('2 apps')).toBeInTheDocument();
    expect(fleet.getByText('Kept by admins')).toBeInTheDocument();
    expect(fleet.getByRole('link', { name: 'Fleet Ops' })).toHaveAttribute('href', `/admin/groups/${fleetOps.id}`);

    const faction = within(await rowOf('Galactic Weapon Systems'));
    expect(faction.getByText('Faction 20:2400')).toBeInTheDocument();
    expect(faction.getByText('340')).toBeInTheDocument();
    expect(faction.getByText('1 app')).toBeInTheDocument();
    expect(faction.getByText('Read 3 minutes ago')).toBeInTheDocument();
    expect(faction.getByText('In the game')).toBeInTheDocument();

    const blackSun = within(await rowOf('Black Sun'));
    expect(blackSun.getByText('Never read')).toBeInTheDocument();
    expect(blackSun.getAllByText('None')).toHaveLength(2); // no app has rules naming it, and nobody manages a faction
    expect(blackSun.getByText(/No connected binding may read this roster/)).toBeInTheDocument();
    expect(blackSun.getByRole('link', { name: 'SWC Integration' })).toHaveAttribute('href', '/admin/swc');

    const rebels = within(await rowOf('Rebel Alliance'));
    expect(rebels.getByText('Read 2 hours ago')).toBeInTheDocument();
    expect(rebels.getByText('Last read failed: SWCombine refused the token.')).toBeInTheDocument();
    expect(rebels.queryByText(/No connected binding/)).not.toBeInTheDocument();
  });

  it('shows how players join each group an admin keeps and how many players manage it', async () => {
    await openGroups({ 'GET /api/admin/groups': reply(200, [fleetOps, council, cantina, gws]) });
    const table = await screen.findByRole('table', { name: 'Groups and factions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const cellsOf = async (name: string) => {
      const cells = within(await rowOf(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
      return { joining: cells[headers.indexOf('Joining')], managers: cells[headers.indexOf('Managers')] };
    };
    expect(await cellsOf('Fleet Ops')).toEqual({ joining: 'On request', managers: '3' });
    expect(await cellsOf('Council')).toEqual({ joining: 'Closed', managers: 'None' });
    expect(await cellsOf('Cantina')).toEqual({ joining: 'Open', managers: '1' });
    expect(await cellsOf('Galactic Weapon Systems')).toEqual({ joining: 'In the game', managers: 'None' });
  });

  it('Read rosters now asks the server and shows its answer under the button', async () => {
    const { api, user } = await openGroups({
      'POST /api/admin/groups/refresh': reply(202, { queued: 2, message: 'Reading 2 faction rosters now.', requested_at: minutesAgo(1) }),
    });
    await screen.findByRole('table', { name: 'Groups and factions' });
    await user.click(screen.getByRole('button', { name: 'Read rosters now' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Reading 2 faction rosters now.');
    expect(api.count('POST /api/admin/groups/refresh')).toBe(1);
    // The groups are read again, so the new read times show once the reads are done.
    await waitFor(() => expect(api.count('GET /api/admin/groups')).toBe(2));
  });

  it('follows the reads it asked for to their end, and says on its own line why one failed', async () => {
    const asked = new Date().toISOString();
    const later = () => new Date(Date.parse(asked) + 5_000).toISOString();
    const budgetGone = "SWCombine's request budget is used up until 2026-11-28T05:00:00.000Z; the roster is read again after that.";
    const { user } = await openGroups({
      'POST /api/admin/groups/refresh': reply(202, { queued: 2, message: 'Reading 2 faction rosters now.', requested_at: asked }),
      // The first reads are still running; then Galactic Weapon Systems is read and Rebel Alliance fails.
      'GET /api/admin/groups': (_call, nth) =>
        nth < 2
          ? reply(200, [fleetOps, gws, unread, failing])
          : reply(200, [
              fleetOps,
              { ...gws, roster: { ...gws.roster!, read_at: later(), finished_at: later() } },
              unread,
              { ...failing, roster: { ...failing.roster!, error: budgetGone, finished_at: later() } },
            ]),
    });
    await screen.findByRole('table', { name: 'Groups and factions' });
    await user.click(screen.getByRole('button', { name: 'Read rosters now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reading 2 faction rosters now.');

    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('The roster of Rebel Alliance could not be read');
    expect(alert).toHaveTextContent("SWCombine's request budget is used up until");
    expect(alert).not.toHaveTextContent('2026-11-28T05:00:00.000Z');
    expect(screen.getByRole('status')).toHaveTextContent('Read the roster of Galactic Weapon Systems.');
  });

  it('says when no connected binding may read a roster, with the way to SWC Integration', async () => {
    const message = 'No faction roster can be read: connect a SWCombine binding with the faction_members scope on SWC Integration first.';
    const { user } = await openGroups({ 'POST /api/admin/groups/refresh': reply(202, { queued: 0, message, requested_at: null }) });
    await user.click(await screen.findByRole('button', { name: 'Read rosters now' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(message);
    expect(within(status).getByRole('link', { name: 'Open SWC Integration' })).toHaveAttribute('href', '/admin/swc');
  });

  it("keeps the answer when the table turns into a phone's cards (a rotated phone, a narrowed window)", async () => {
    // The phone query's list: its 'change' events are what Mantine's useMediaQuery listens to.
    const phoneQuery = new EventTarget();
    let phone = false;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      Object.assign(query === PHONE_QUERY ? phoneQuery : new EventTarget(), {
        matches: query === PHONE_QUERY && phone,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
      }),
    );
    const { user } = await openGroups({
      'POST /api/admin/groups/refresh': reply(202, { queued: 2, message: 'Reading 2 faction rosters now.', requested_at: minutesAgo(1) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Read rosters now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reading 2 faction rosters now.');

    phone = true;
    act(() => void phoneQuery.dispatchEvent(Object.assign(new Event('change'), { matches: true })));
    expect(await screen.findByRole('list', { name: 'Groups and factions' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Reading 2 faction rosters now.');
  });

  it("says why the rosters could not be read now in the server's words", async () => {
    const { user } = await openGroups({
      'POST /api/admin/groups/refresh': errorReply(409, 'conflict', 'No connected binding may read a faction roster.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Read rosters now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rosters could not be read now.');
    expect(alert).toHaveTextContent('No connected binding may read a faction roster.');
  });

  it('creates a group, and refuses an empty name at the field with the focus on it', async () => {
    const created = customGroup(9, { name: 'Mining Guild', description: 'Miners.' });
    const { api, user } = await openGroups({ 'POST /api/admin/groups': reply(201, created) });

    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Name is required'));
    expect(name).toHaveFocus();
    expect(screen.getByText('1 field needs a change')).toBeInTheDocument();
    expect(api.count('POST /api/admin/groups')).toBe(0);

    await user.type(name, '  Mining Guild ');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Miners.');
    await user.click(screen.getByRole('button', { name: 'Create group' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Group “Mining Guild” created.');
    expect(within(notice).getByRole('link', { name: 'Add its players' })).toHaveAttribute('href', `/admin/groups/${created.id}`);
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/groups')?.body).toEqual({
      name: 'Mining Guild',
      description: 'Miners.',
    });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.queryByText('1 field needs a change')).not.toBeInTheDocument();
  });

  it("puts the server's refusal of a taken name at the Name field", async () => {
    const { user } = await openGroups({
      'POST /api/admin/groups': errorReply(409, 'conflict', 'Another group is already named "Fleet Ops".'),
    });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Fleet Ops');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        expect.stringContaining('Another group is already named "Fleet Ops".'),
      ),
    );
  });

  it('shows the empty state and the failure with Try again', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/groups': reply(200, []) });
    renderApp('/admin/groups');
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    expect(screen.getByText(/A faction appears here when one of its members signs in/)).toBeInTheDocument();
  });

  it("says 'Failed to load groups' when the list cannot be read", async () => {
    await openGroups({ 'GET /api/admin/groups': errorReply(500, 'internal_error', 'Database down') });
    expect(await screen.findByText('Failed to load groups')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
