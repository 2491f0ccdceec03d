import type { ActivityRow, ForwardingState } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch, type StubCall } from '@/testing/fetch-stub.ts';
import { admin, adminUser } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const mira = adminUser(1, { name: 'Mira Solan', uid: '1:100002' });
const event = (n: number, overrides: Partial<ActivityRow> = {}): ActivityRow => ({
  id: String(n),
  created_at: '2026-11-22T12:00:00.000Z',
  event: 'access_suspended',
  outcome: 'success',
  user_id: mira.id,
  user_uid: '1:100002',
  user_name: 'Mira Solan',
  actor_id: 'a',
  actor_uid: '1:100001',
  actor_name: 'Jorin Vex',
  app_key: 'wiki',
  app_name: 'Wiki',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
  device: 'Firefox on Windows',
  device_kind: 'desktop',
  details: {},
  ...overrides,
});
const edited = event(60, {
  event: 'app_updated',
  user_id: null,
  user_uid: null,
  user_name: null,
  details: { name: 'Wiki', before: { name: 'Old Wiki' }, after: { name: 'Wiki' } },
});
const NOT_SET: ForwardingState = {
  configured: false,
  url: null,
  delivered_id: null,
  delivered_at: null,
  backlog: 0,
  failures: 0,
  last_error: null,
  last_failed_at: null,
  updated_at: null,
};

/** Page 1: 50 events and a cursor; page 2 (cursor c1): one more, and no cursor. */
function activityRoute(call: StubCall) {
  const cursor = new URL(call.url).searchParams.get('cursor');
  if (cursor === 'c1') return reply(200, { events: [event(1)], next_cursor: null });
  return reply(200, { events: [edited, ...Array.from({ length: 49 }, (_, i) => event(59 - i))], next_cursor: 'c1' });
}

async function openActivity(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/audit': activityRoute,
    'GET /api/admin/audit/forwarding': reply(200, NOT_SET),
    'GET /api/admin/users': reply(200, [mira]),
    'GET /api/admin/apps': reply(200, []),
    ...routes,
  });
  const app = renderApp('/admin/activity');
  await screen.findByRole('heading', { name: 'Activity' });
  await screen.findByRole('table', { name: 'Events' });
  return { api, ...app };
}
const listCalls = (api: ReturnType<typeof stubFetch>) =>
  api.calls.filter((c) => c.path === '/api/admin/audit').map((c) => Object.fromEntries(new URL(c.url).searchParams));

describe('/admin/activity', () => {
  it('shows each event as a sentence naming the user and the admin, and pages Older and Newer by cursor', async () => {
    const { api, user } = await openActivity();
    const table = screen.getByRole('table', { name: 'Events' });
    expect(within(table).getAllByText('Access suspended on Wiki for Mira Solan by Jorin Vex')).toHaveLength(49);
    expect(within(table).getByText('App updated on Wiki by Jorin Vex')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Events' })).getAllByRole('row')).toHaveLength(2));
    expect(listCalls(api).at(-1)).toMatchObject({ cursor: 'c1', limit: '50' });
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 1');
  });

  it('narrows by the user acted upon and the outcome, back on the newest page, and exports what it shows', async () => {
    const { api, user } = await openActivity();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');

    const userInput = screen.getByRole('combobox', { name: 'User acted upon' });
    await user.click(userInput);
    await user.type(userInput, 'Mira');
    await user.click(await screen.findByRole('option', { name: 'Mira Solan (1:100002)' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ user: mira.id, limit: '50' }));
    await screen.findByText('Page 1');
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Failure' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ user: mira.id, outcome: 'failure', limit: '50' }));

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(new URL(csv.getAttribute('href')!, window.location.origin).searchParams.toString()).toBe(
      `user=${mira.id}&outcome=failure&format=csv`,
    );
  });

  it('picks From and To with the console’s date picker, not the browser’s mm/dd/yyyy field, and narrows by them', async () => {
    const { api, user } = await openActivity();
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'From' }));
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), 15);
    await user.click(
      await screen.findByRole('button', { name: `15 ${day.toLocaleDateString('en', { month: 'long' })} ${day.getFullYear()}` }),
    );
    await user.click(screen.getByRole('button', { name: 'Set From' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ from: day.toISOString(), limit: '50' }));
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent(
      `15 ${day.toLocaleDateString('en', { month: 'short' })} ${day.getFullYear()}, 00:00`,
    );
  });

  it('opens an event’s details: where from, and what an edit changed', async () => {
    const { user } = await openActivity();
    await user.click(screen.getByRole('button', { name: 'Details of: App updated on Wiki by Jorin Vex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(dialog).getByText('203.0.113.7')).toBeInTheDocument();
    // The device in words, as the sessions lists show it, with the user agent it was read from below.
    expect(within(dialog).getByText('Firefox on Windows')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0'),
    ).toBeInTheDocument();
    const changes = within(dialog).getByRole('table', { name: 'What changed' });
    expect(within(changes).getByRole('row', { name: 'name Old Wiki Wiki' })).toBeInTheDocument();
  });

  it("keeps a failed sync's reason to one line, the rest on demand", async () => {
    const reason =
      'factions: 120 (120 new); sectors failed: SWCombine refused the sector list: 500 Internal Server Error (tried 4 times). ' +
      'Start the sync again when SWCombine answers.; not read: systems, planets, stations, classes, ships';
    const failed = event(70, {
      event: 'sync_failed',
      outcome: 'failure',
      user_id: null,
      user_uid: null,
      user_name: null,
      actor_id: null,
      actor_uid: null,
      actor_name: null,
      app_key: null,
      app_name: null,
      details: { target: 'all', runId: 'r1', reason },
    });
    const { user } = await openActivity({ 'GET /api/admin/audit': reply(200, { events: [failed, edited], next_cursor: null }) });
    const table = screen.getByRole('table', { name: 'Events' });
    const sentence = within(table).getByText(`Data sync failed: all (${reason})`);
    expect(sentence).toHaveAttribute('data-line-clamp', 'true');
    await user.click(within(table).getByRole('button', { name: 'Show all of why the sync failed' }));
    expect(within(table).getByText(`Data sync failed: all (${reason})`)).not.toHaveAttribute('data-line-clamp');
    expect(within(table).getByRole('button', { name: 'Show less of why the sync failed' })).toHaveAttribute('aria-expanded', 'true');
    // Other rows read as they always did.
    expect(within(table).getByText('App updated on Wiki by Jorin Vex')).not.toHaveAttribute('data-line-clamp');
  });

  it('sets the webhook, then shows how its deliveries stand', async () => {
    const set: ForwardingState = {
      ...NOT_SET,
      configured: true,
      url: 'https://siem.example.com/hook',
      delivered_id: '61',
      delivered_at: '2026-11-22T12:00:00.000Z',
      failures: 2,
      last_error: 'the app failed to handle it',
      last_failed_at: '2026-11-22T12:01:00.000Z',
      updated_at: '2026-11-22T12:00:00.000Z',
    };
    const { api, user } = await openActivity({
      'GET /api/admin/audit/forwarding': (_call, nth) => reply(200, nth === 0 ? NOT_SET : set),
      'PUT /api/admin/audit/forwarding': reply(200, set),
    });
    await user.click(screen.getByRole('button', { name: 'Set webhook' }));
    expect(await screen.findByText('The secret must be at least 16 characters')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Webhook URL/ }), 'https://siem.example.com/hook');
    await user.type(screen.getByLabelText(/^Secret/), 'a-secret-of-24-characters');
    await user.click(screen.getByRole('button', { name: 'Set webhook' }));
    expect(await screen.findByText(/Forwarding is set/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      url: 'https://siem.example.com/hook',
      secret: 'a-secret-of-24-characters',
    });
    expect(await screen.findByText(/2 in a row; last at .*: the app failed to handle it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace webhook' })).toBeInTheDocument();
  });

  it('says so when the events cannot be read, with Try again', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/admin/audit': errorReply(500, 'internal_error', 'Something went wrong on our side.'),
      'GET /api/admin/audit/forwarding': reply(200, NOT_SET),
      'GET /api/admin/apps': reply(200, []),
      'GET /api/admin/users': reply(200, []),
    });
    renderApp('/admin/activity');
    expect(await screen.findByText('Failed to load the activity.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
