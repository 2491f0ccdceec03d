import { SYNC_TARGETS } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { triggerErrorText } from '@/features/sync/components/trigger-error-text.ts';
import { errorReply, reply } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { HISTORY, openSyncScreen, run, TARGETS, trigger } from '@/testing/sync.ts';

const jobs = () => screen.findByRole('table', { name: 'Recent jobs' });
/** The Recent Jobs row of a sync type (first cell). */
function rowOf(type: string) {
  const rows = within(screen.getByRole('table', { name: 'Recent jobs' })).getAllByRole('row');
  const row = rows.find((r) => within(r).queryAllByRole('cell')[0]?.textContent === type);
  if (!row) throw new Error(`No row for ${type}`);
  return row;
}
/** Mantine paints a badge from its colour's CSS variables. */
const badgeColour = (type: string) => {
  const badge = within(rowOf(type)).getAllByRole('cell')[1]!.firstElementChild as HTMLElement;
  return badge.getAttribute('style')?.match(/--badge-bg: var\(--mantine-color-(\w+)-light\)/)?.[1];
};

afterEach(() => vi.restoreAllMocks());

describe('/admin/radiant-mgmt access', () => {
  it.each([
    ['answers 401', errorReply(401, 'unauthorized', 'Not signed in')],
    ['gets no response', 'network-error' as const],
  ])("says 'You are not logged in.' when /api/me %s, with the portal's sign-in button and no redirect", async (_, me) => {
    const { api, app } = openSyncScreen({ 'GET /api/me': me });

    expect(await screen.findByText('You are not logged in.')).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Login with Radiant' });
    expect(login).toHaveAttribute(
      'href',
      `https://auth.example.test/auth/login?aud=portal&rd=${encodeURIComponent(`${window.location.origin}/dashboard`)}`,
    );
    expect(app.pathname()).toBe('/admin/radiant-mgmt');
    expect(screen.queryByRole('button', { name: 'all' })).not.toBeInTheDocument();
    expect(api.count(HISTORY)).toBe(0);
  });

  it("says 'You do not have the admin role.' to a signed-in player and asks for nothing else", async () => {
    const { api, app } = openSyncScreen({}, player);

    expect(await screen.findByText('You do not have the admin role.')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/radiant-mgmt');
    expect(screen.queryByText('Trigger Sync')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login with Radiant' })).not.toBeInTheDocument();
    expect(api.count(HISTORY)).toBe(0);
    expect(api.count(TARGETS)).toBe(0);
  });

  it('lets in a user whose single role field is admin', async () => {
    openSyncScreen({}, { ...player, role: 'admin', roles: [] });

    expect(await screen.findByRole('heading', { name: 'Trigger Sync' })).toBeInTheDocument();
    expect(screen.queryByText('You do not have the admin role.')).not.toBeInTheDocument();
  });
});

describe('/admin/radiant-mgmt for an admin', () => {
  it('shows the Admin Panel breadcrumb and one trigger button per target in order, all first', async () => {
    openSyncScreen({});

    const grid = (await screen.findByRole('heading', { name: 'Trigger Sync' })).closest('section')!;
    expect(screen.getByRole('heading', { level: 1, name: 'Radiant Management' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...SYNC_TARGETS]);
  });

  it("shows 'Sync triggered: {message}' and reads the history again", async () => {
    const { api, app } = openSyncScreen({
      [trigger('systems')]: reply(202, { message: 'The systems sync is queued.' }),
      [HISTORY]: (_call, nth) => reply(200, { runs: nth === 0 ? [] : [run({ type: 'systems', status: 'queued' })] }),
    });
    expect(await screen.findByText('No recent jobs')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'systems' }));

    expect(await screen.findByText('Sync triggered: The systems sync is queued.')).toBeInTheDocument();
    await jobs();
    expect(within(rowOf('systems')).getAllByRole('cell')[1]).toHaveTextContent('queued');
    expect(api.count(HISTORY)).toBe(2);
    expect(api.count(trigger('systems'))).toBe(1);
    expect(screen.queryByText('No recent jobs')).not.toBeInTheDocument();
  });

  it("replaces 'Sync triggered' with how the run ended once the history shows it finished", async () => {
    const earlier = run({ type: 'systems', status: 'completed', message: 'systems: 2,100', timestamp: '2026-11-21T08:00:00.000Z' });
    const runs = [
      [earlier],
      [run({ type: 'systems', status: 'queued' }), earlier],
      [run({ type: 'systems', status: 'completed', message: 'systems: 2,140 (12 new)', timestamp: '2026-11-22T12:05:00.000Z' }), earlier],
    ];
    const { app } = openSyncScreen({
      [trigger('systems')]: reply(202, { message: 'The systems sync is queued.' }),
      [HISTORY]: (_call, nth) => reply(200, { runs: runs[Math.min(nth, 2)] }),
    });
    await jobs();

    await app.user.click(screen.getByRole('button', { name: 'systems' }));
    expect(await screen.findByText('Sync triggered: The systems sync is queued.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('systems')).getAllByRole('cell')[1]).toHaveTextContent('queued'));

    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sync completed: systems: 2,140 (12 new)');
    expect(screen.queryByText(/^Sync triggered/)).not.toBeInTheDocument();
  });

  it('says a run that skipped its only target was skipped, and why, not a green "Sync completed"', async () => {
    const reason = 'needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader)';
    const earlier = run({ type: 'systems', status: 'completed', message: 'systems: 2,100', timestamp: '2026-11-21T08:00:00.000Z' });
    const runs = [
      [earlier],
      [run({ type: 'inventory', status: 'queued' }), earlier],
      [
        run({ type: 'inventory', status: 'completed', message: `inventory skipped: ${reason}`, timestamp: '2026-11-22T12:05:00.000Z' }),
        earlier,
      ],
    ];
    const { app } = openSyncScreen({
      [trigger('inventory')]: reply(202, { message: 'The inventory sync is queued.' }),
      [HISTORY]: (_call, nth) => reply(200, { runs: runs[Math.min(nth, 2)] }),
    });
    await jobs();
    await app.user.click(screen.getByRole('button', { name: 'inventory' }));
    expect(await screen.findByText('Sync triggered: The inventory sync is queued.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('inventory')).getAllByRole('cell')[1]).toHaveTextContent('queued'));

    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Sync skipped: inventory ${reason}`);
    expect(screen.queryByText(/^Sync completed/)).not.toBeInTheDocument();
  });

  it('brings the outcome into view, below the fourteen buttons a phone cannot show at once', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { app } = openSyncScreen({
      [trigger('factions')]: errorReply(409, 'conflict', 'A factions sync is already queued or running.'),
    });

    await app.user.click(await screen.findByRole('button', { name: 'factions' }));

    const alert = await screen.findByRole('alert');
    expect(scrolled.some((element) => element.contains(alert))).toBe(true);
  });

  it("names the target when the answer's message is empty", async () => {
    const { app } = openSyncScreen({ [trigger('droids')]: reply(202, { message: '' }) });

    await app.user.click(await screen.findByRole('button', { name: 'droids' }));
    expect(await screen.findByText('Sync triggered: droids')).toBeInTheDocument();
  });

  it("shows the server's error field first (its message beside it) and keeps the history as it was", async () => {
    const message = 'A factions sync is already queued or running.';
    const { api, app } = openSyncScreen({ [trigger('factions')]: errorReply(409, 'conflict', message) });

    await app.user.click(await screen.findByRole('button', { name: 'factions' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('conflict')).toBeInTheDocument();
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByText(/^Sync triggered/)).not.toBeInTheDocument();
    expect(api.count(HISTORY)).toBe(1);
  });

  it("shows the error's message when the answer has no error field", async () => {
    const { app } = openSyncScreen({ [trigger('ships')]: 'network-error' });

    await app.user.click(await screen.findByRole('button', { name: 'ships' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
  });

  it("falls back to 'Failed to trigger sync' when the failure has neither", () => {
    expect(triggerErrorText(new ApiError(409, 'conflict', 'Busy'))).toBe('conflict');
    expect(triggerErrorText(new ApiError(502, 'unexpected_answer', 'Request failed (502)'))).toBe('Request failed (502)');
    expect(triggerErrorText(new Error(''))).toBe('Failed to trigger sync');
    expect(triggerErrorText(undefined)).toBe('Failed to trigger sync');
  });

  it('lists recent jobs with type, a badge coloured by status, the message and the local time', async () => {
    const finished = '2026-11-22T11:58:00.000Z';
    openSyncScreen({
      [HISTORY]: reply(200, {
        runs: [
          run({ type: 'planets', status: 'running', progress: { target: 'planets', done: 1200, total: 5962 } }),
          run({ type: 'weapons', status: 'queued' }),
          run({ type: 'factions', status: 'failed', message: 'SWCombine refused the request.', timestamp: finished }),
          run({ type: 'systems', status: 'completed', message: 'systems: 2,400 (2,400 new)', timestamp: finished }),
        ],
      }),
    });

    const table = await jobs();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Type', 'Status', 'Details', 'Time']);
    expect(badgeColour('systems')).toBe('green');
    expect(badgeColour('factions')).toBe('red');
    expect(badgeColour('planets')).toBe('yellow');
    expect(badgeColour('weapons')).toBe('yellow');
    const systems = within(rowOf('systems')).getAllByRole('cell');
    expect(systems[1]).toHaveTextContent('completed');
    expect(systems[2]).toHaveTextContent('systems: 2,400 (2,400 new)');
    expect(systems[3]).toHaveTextContent(formatDateTime(finished));
    expect(within(rowOf('factions')).getAllByRole('cell')[2]).toHaveTextContent('SWCombine refused the request.');
    // A running job shows how far it got.
    expect(within(rowOf('planets')).getAllByRole('cell')[2]).toHaveTextContent('planets · 1,200 of 5,962');
    expect(within(rowOf('planets')).getByRole('progressbar', { name: '20% of planets read' })).toBeInTheDocument();
  });

  it("says 'No recent jobs' when there are none, and Refresh reads the history again", async () => {
    const { api, app } = openSyncScreen({
      [HISTORY]: (_call, nth) => reply(200, { runs: nth === 0 ? [] : [run({ type: 'items', status: 'completed' })] }),
    });

    expect(await screen.findByText('No recent jobs')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await jobs();
    expect(rowOf('items')).toBeInTheDocument();
    expect(api.count(HISTORY)).toBe(2);
  });

  it('only logs a failed history load: no error, no empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = openSyncScreen({ [HISTORY]: errorReply(500, 'internal_error', 'Boom') });

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load the sync history', expect.any(ApiError)));
    expect(api.count(HISTORY)).toBe(2);
    expect(screen.getByRole('heading', { name: 'Recent Jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('No recent jobs')).not.toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent jobs' })).not.toBeInTheDocument();
  });
});
