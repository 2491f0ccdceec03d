import type { SyncRunCost, SyncSchedule, SyncTargetStats } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { errorReply, reply } from '@/testing/fetch-stub.ts';
import { HISTORY, openSyncScreen, run, SCHEDULES, stats, TARGETS, trigger, withStats } from '@/testing/sync.ts';

const COST_ALL = 'GET /api/admin/radiant-mgmt/cost/all';
const HOUR = 3_600_000;
const cost = (overrides: Partial<SyncRunCost> = {}): SyncRunCost => ({
  target: 'all',
  listRequests: 225,
  unknownLists: 0,
  detailRequests: 3150,
  listsDoneAt: new Date(Date.now() + 25 * 60_000).toISOString(),
  doneAt: new Date(Date.now() + 6 * HOUR + 60_000).toISOString(),
  backgroundPerHour: 540,
  skipped: [],
  ...overrides,
});
const schedule = (overrides: Partial<SyncSchedule> & Pick<SyncSchedule, 'target'>): SyncSchedule => ({
  everyHours: 24,
  nextRunAt: '2026-11-23T12:00:00.000Z',
  pausedAt: null,
  ...overrides,
});

const targetsTable = () => screen.findByRole('table', { name: 'Targets' });
/** The cells of a target's row in the Targets table. */
async function cellsOf(target: string) {
  const rows = within(await targetsTable()).getAllByRole('row');
  const row = rows.find((r) => within(r).queryAllByRole('cell')[0]?.textContent?.startsWith(target));
  if (!row) throw new Error(`No row for ${target}`);
  const [name, rowsCell, lastRun, details, scheduleCell, runCell] = within(row).getAllByRole('cell');
  return { row, name: name!, rows: rowsCell!, lastRun: lastRun!, details: details!, schedule: scheduleCell!, run: runCell! };
}

afterEach(() => vi.restoreAllMocks());

describe('the Targets table', () => {
  it('has a row per target, all first: rows stored, the last run and what it found, the details backlog, schedule and Run', async () => {
    const completeAt = new Date(Date.now() + 2 * HOUR + 60_000).toISOString();
    const systems: Partial<SyncTargetStats> = {
      rows: 2401,
      lastCompleteAt: '2026-11-22T12:00:00.000Z',
      lastRun: { new: 2, changed: 1, unchanged: 2397, gone: 1 },
      details: { filled: 1204, rows: 2401, completeAt },
    };
    openSyncScreen({
      [TARGETS]: reply(200, withStats('systems', systems)),
      [SCHEDULES]: reply(200, [schedule({ target: 'systems', everyHours: 6 })]),
    });

    const table = await targetsTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Target', 'Rows', 'Last run', 'Details', 'Schedule', 'Run']);
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(stats.map((s) => (s.target === 'all' ? 'all' : `${s.target}Data`)));

    const row = await cellsOf('systems');
    expect(row.rows).toHaveTextContent('2,401');
    expect(row.lastRun).toHaveTextContent(`completed2 new · 1 changed · 1 gone${formatDateTime('2026-11-22T12:00:00.000Z')}`);
    expect(row.details).toHaveTextContent('details: 1,204 of 2,401, about 2 h left');
    expect(row.schedule).toHaveTextContent(`every 6 hnext ${formatDateTime('2026-11-23T12:00:00.000Z')}`);
    expect(within(row.run).getByRole('button', { name: 'Run systems' })).toBeEnabled();
    expect((await cellsOf('planets')).lastRun).toHaveTextContent('never completed');
    expect((await cellsOf('planets')).schedule).toHaveTextContent('Off');
  });

  it('leads to each target’s stored rows and to the galaxy map', async () => {
    openSyncScreen({});
    await targetsTable();
    expect(screen.getByRole('link', { name: 'Data: systems' })).toHaveAttribute('href', '/admin/radiant-mgmt/data?target=systems');
    expect(screen.getByRole('link', { name: 'Data: weapons' })).toHaveAttribute('href', '/admin/radiant-mgmt/data?target=weapons');
    expect(screen.queryByRole('link', { name: 'Data: all' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Galaxy map' })).toHaveAttribute('href', '/admin/radiant-mgmt/map');
  });

  it('says a target that needs a SWCombine binding does, with Connect to SWC Integration instead of Run', async () => {
    openSyncScreen({
      [TARGETS]: reply(
        200,
        withStats('inventory', { needsBinding: 'needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader)' }),
      ),
    });
    const inventory = await cellsOf('inventory');
    expect(inventory.run).toHaveTextContent('Needs a SWCombine binding');
    expect(within(inventory.run).getByRole('link', { name: 'Connect a SWCombine binding on SWC Integration' })).toHaveAttribute(
      'href',
      '/admin/swc',
    );
    expect(within(inventory.run).queryByRole('button', { name: /^Run/ })).not.toBeInTheDocument();
  });

  it('shows a failed run in one line, the rest on demand, and a run in progress with how far it got', async () => {
    const why =
      'SWCombine refused the system list: 503 Service Unavailable (tried 4 times). Start the sync again when SWCombine answers.; not read: planets';
    const { app } = openSyncScreen({
      [TARGETS]: reply(
        200,
        stats.map((s) =>
          s.target === 'systems'
            ? { ...s, latestRun: run({ type: 'systems', status: 'failed', message: why }) }
            : s.target === 'planets'
              ? { ...s, latestRun: run({ type: 'planets', status: 'running', progress: { target: 'planets', done: 1200, total: 5962 } }) }
              : s,
        ),
      ),
    });
    const systems = await cellsOf('systems');
    expect(systems.lastRun).toHaveTextContent('failed');
    const message = within(systems.lastRun).getByText(why);
    expect(message).toHaveAttribute('data-line-clamp', 'true');
    const more = within(systems.lastRun).getByRole('button', { name: 'Show all of why the systems sync failed' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(more);
    const less = within(systems.lastRun).getByRole('button', { name: 'Show less of why the systems sync failed' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    // The same button, so the keyboard stays where it was.
    expect(less).toBe(more);
    expect(less).toHaveFocus();
    expect(within(systems.lastRun).getByText(why)).not.toHaveAttribute('data-line-clamp');

    const planets = await cellsOf('planets');
    expect(planets.lastRun).toHaveTextContent('running');
    expect(planets.lastRun).toHaveTextContent('planets · 1,200 of 5,962');
    expect(within(planets.run).getByRole('button', { name: 'Run planets: a run is in progress' })).toBeDisabled();
  });

  it('runs one target from its row and says so above the rows', async () => {
    const { api, app } = openSyncScreen({ [trigger('ships')]: reply(202, { message: 'The ships sync is queued.' }) });
    await app.user.click(within((await cellsOf('ships')).run).getByRole('button', { name: 'Run ships' }));
    const table = (await targetsTable()).closest('section')!;
    expect(await within(table).findByText('Sync triggered: The ships sync is queued.')).toBeInTheDocument();
    expect(api.count(trigger('ships'))).toBe(1);
  });
});

describe('all asks first', () => {
  it.each([
    ['the Trigger Sync grid', () => screen.getByRole('button', { name: 'all' })],
    ['its row', () => screen.getByRole('button', { name: 'Run all' })],
  ])('from %s: says what it will cost, sends nothing on Cancel, and syncs on Sync all', async (_, button) => {
    const { api, app } = openSyncScreen({
      [COST_ALL]: reply(
        200,
        cost({
          skipped: [
            { target: 'inventory', reason: 'needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader)' },
          ],
        }),
      ),
      [trigger('all')]: reply(202, { message: 'The all sync is queued.' }),
    });
    await targetsTable();

    await app.user.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Sync every target?' });
    expect(
      await within(dialog).findByText('About 225 requests now, then about 3,150 in the background, done in about 6 h at your budget.'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Your budget leaves background work 540 requests an hour; sign-ins and roster reads keep the rest, and a run pauses while it is low.',
    );
    expect(dialog).toHaveTextContent(
      'inventory is skipped: it needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader).',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count(trigger('all'))).toBe(0);

    await app.user.click(button());
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Sync every target?' })).getByRole('button', { name: 'Sync all' }),
    );
    expect(await screen.findByText('Sync triggered: The all sync is queued.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count(trigger('all'))).toBe(1);
  });

  it('before any sync: says the whole run costs far more than its first step, at what rate, and that only reading tells', async () => {
    const { app } = openSyncScreen({ [COST_ALL]: reply(200, cost({ listRequests: 18, unknownLists: 18, detailRequests: 0 })) });
    await targetsTable();
    await app.user.click(screen.getByRole('button', { name: 'all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync every target?' });
    expect(
      await within(dialog).findByText(
        "The whole run's cost is known only once its lists are read: 18 of them never have been. It starts with 18 requests " +
          '(a page a list), then reads every page and every row’s details at up to 540 requests an hour until done: a first ' +
          'run takes hours.',
      ),
    ).toBeInTheDocument();
  });

  it('can still be confirmed when the cost cannot be worked out', async () => {
    const { api, app } = openSyncScreen({
      [COST_ALL]: errorReply(500, 'internal_error', 'Boom'),
      [trigger('all')]: reply(202, { message: 'The all sync is queued.' }),
    });
    await targetsTable();
    await app.user.click(screen.getByRole('button', { name: 'all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync every target?' });
    expect(await within(dialog).findByText(/^What it costs could not be worked out/, {}, { timeout: 3000 })).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Sync all' }));
    await waitFor(() => expect(api.count(trigger('all'))).toBe(1));
  });
});

describe('a schedule, edited in its row', () => {
  it.each(['0', '200'])('refuses %s hours at the field, stating the range, and sends nothing', async (hours) => {
    const { api, app } = openSyncScreen({});
    await app.user.click(within((await cellsOf('inventory')).schedule).getByRole('button', { name: 'Schedule inventory' }));
    const field = screen.getByRole('textbox', { name: /^Every \(hours\)/ });
    await app.user.clear(field);
    await app.user.type(field, hours);
    await app.user.tab();
    // Not clamped to 1 or 168: what was typed stays, with the rule beside it.
    expect(field).toHaveValue(hours);
    // Said on leaving the field, and again on Save, which sends nothing.
    expect(await screen.findByText('Hours must be a whole number from 1 to 168')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Save the inventory schedule' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the hours typed in the row, then shows how often and when next', async () => {
    const saved = schedule({ target: 'inventory', everyHours: 1, nextRunAt: '2026-11-22T13:00:00.000Z' });
    const { api, app } = openSyncScreen({
      [SCHEDULES]: (_call, nth) => reply(200, nth === 0 ? [] : [saved]),
      'PUT /api/admin/radiant-mgmt/schedules/inventory': reply(200, saved),
    });
    await app.user.click(within((await cellsOf('inventory')).schedule).getByRole('button', { name: 'Schedule inventory' }));
    const field = screen.getByRole('textbox', { name: /^Every \(hours\)/ });
    expect(field).toHaveFocus();
    await app.user.clear(field);
    await app.user.type(field, '1');
    await app.user.click(screen.getByRole('button', { name: 'Save the inventory schedule' }));

    const cell = (await cellsOf('inventory')).schedule;
    expect(await within(cell).findByText('Saved: inventory syncs every hour.')).toBeInTheDocument();
    expect(cell).toHaveTextContent(`every hournext ${formatDateTime(saved.nextRunAt)}`);
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ everyHours: 1 });
  });

  it('pauses and resumes it, each its own action', async () => {
    const running = schedule({ target: 'systems', everyHours: 6 });
    const paused = { ...running, pausedAt: '2026-11-22T12:00:00.000Z' };
    const { api, app } = openSyncScreen({
      [SCHEDULES]: (_call, nth) => reply(200, [nth === 1 ? paused : running]),
      'POST /api/admin/radiant-mgmt/schedules/systems/pause': reply(200, paused),
      'POST /api/admin/radiant-mgmt/schedules/systems/resume': reply(200, running),
    });
    const before = (await cellsOf('systems')).schedule;
    await within(before).findByText('every 6 h');
    await app.user.click(within(before).getByRole('button', { name: 'Pause the systems schedule' }));
    const after = (await cellsOf('systems')).schedule;
    expect(await within(after).findByText('paused')).toBeInTheDocument();
    expect(after).toHaveTextContent('No run is queued until resumed');
    await app.user.click(within(after).getByRole('button', { name: 'Resume the systems schedule' }));
    await waitFor(async () => expect((await cellsOf('systems')).schedule).not.toHaveTextContent('paused'));
    expect(api.count('POST /api/admin/radiant-mgmt/schedules/systems/pause')).toBe(1);
    expect(api.count('POST /api/admin/radiant-mgmt/schedules/systems/resume')).toBe(1);
    expect(api.calls.some((c) => c.method === 'PUT' || c.method === 'DELETE')).toBe(false);
  });

  it('says at the row when a pause is refused', async () => {
    const { app } = openSyncScreen({
      [SCHEDULES]: reply(200, [schedule({ target: 'systems' })]),
      'POST /api/admin/radiant-mgmt/schedules/systems/pause': errorReply(409, 'conflict', 'The systems schedule is already paused.'),
    });
    const cell = (await cellsOf('systems')).schedule;
    await app.user.click(await within(cell).findByRole('button', { name: 'Pause the systems schedule' }));
    expect(await within(cell).findByRole('alert')).toHaveTextContent('The systems schedule is already paused.');
  });
});

describe('Recent Jobs', () => {
  it("keeps a failed run's message to one line, the rest on demand, and marks a run its schedule queued", async () => {
    const why = 'factions: 120 (120 new); sectors failed: SWCombine refused the sector list: 500; not read: systems, planets, stations';
    const { app } = openSyncScreen({
      [HISTORY]: reply(200, {
        runs: [
          run({ type: 'all', status: 'failed', message: why }),
          run({ type: 'inventory', status: 'completed', message: 'inventory: 12 (12 new)', triggeredBy: 'schedule' }),
        ],
      }),
    });
    const jobs = await screen.findByRole('table', { name: 'Recent jobs' });
    const text = within(jobs).getByText(why);
    expect(text).toHaveAttribute('data-line-clamp', 'true');
    await app.user.click(within(jobs).getByRole('button', { name: "Show all of the all sync's message" }));
    expect(within(jobs).getByText(why)).not.toHaveAttribute('data-line-clamp');
    // A short message is shown as it is.
    expect(within(jobs).getByText('inventory: 12 (12 new)')).not.toHaveAttribute('data-line-clamp');
    expect(within(jobs).getByText('by schedule')).toBeInTheDocument();
  });
});
