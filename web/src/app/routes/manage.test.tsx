import type { ManagedGroup, PendingRequest } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { groupMember, membersRoute, pickUntil } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const manager = { ...player, name: 'Talia Dorne', uid: '1:100004', manages_groups: 1 };
const fleetOps: ManagedGroup = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Fleet Ops',
  description: 'Who runs the fleet.',
  joining: 'request',
  member_count: 1,
  pending_count: 1,
  apps: ['Fleet Board'],
};
const request: PendingRequest = {
  id: '30000000-0000-4000-8000-000000000001',
  group_id: fleetOps.id,
  group_name: 'Fleet Ops',
  user_id: '10000000-0000-4000-8000-000000000002',
  uid: '1:100002',
  name: 'Mira Solan',
  faction: null,
  note: 'I fly the Bulwark.',
  created_at: '2026-11-22T10:00:00.000Z',
  expires_at: '2026-12-06T10:00:00.000Z',
};

function stubManage(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': reply(200, manager),
    'GET /api/manage/groups': reply(200, [fleetOps]),
    'GET /api/manage/requests': reply(200, [request]),
    ...routes,
  });
}

describe('/manage', () => {
  it('is in the user menu of a player who manages a group', async () => {
    stubManage({ 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');
    await app.user.click(await screen.findByRole('button', { name: /User menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Manage' })).toHaveAttribute('href', '/manage');
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('hides Manage from a player who manages nothing', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');
    await app.user.click(await screen.findByRole('button', { name: /User menu/ }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: 'Manage' })).not.toBeInTheDocument();
  });

  it('shows the badge, the request with name, faction and note, and no link to the admin’s player page', async () => {
    stubManage();
    renderApp('/manage');
    expect(await screen.findByLabelText('1 request waiting')).toHaveTextContent('1 waiting');
    const table = await screen.findByRole('table', { name: 'Requests waiting' });
    expect(within(table).getByText('Mira Solan')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Mira Solan' })).not.toBeInTheDocument();
    expect(within(table).getByText('No faction')).toBeInTheDocument();
    expect(within(table).getByText('I fly the Bulwark.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fleet Ops' })).toHaveAttribute('href', `/manage/groups/${fleetOps.id}`);
  });

  it('approves with an end date picked on the console’s calendar, refusing one that has passed at the field first', async () => {
    const api = stubManage({
      [`POST /api/manage/requests/${request.id}/approve`]: reply(200, { status: 'approved', until: null, message: 'Approved' }),
    });
    const app = renderApp('/manage');
    await app.user.click(await screen.findByRole('button', { name: 'Approve Mira Solan for Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Mira Solan?' });
    // The console's own picker, not the browser's datetime field, under the same label.
    expect(dialog.querySelector('input[type="datetime-local"]')).toBeNull();
    const field = within(dialog).getByRole('button', { name: 'End date (optional)' });
    expect(field).toHaveTextContent('No end date');

    const ahead = new Date();
    ahead.setMonth(ahead.getMonth() + 2, 15);
    ahead.setHours(18, 30, 0, 0);
    await pickUntil(app.user, ahead);
    expect(field).toHaveTextContent(`15 ${ahead.toLocaleDateString('en', { month: 'short' })} ${ahead.getFullYear()}, 18:30`);

    // The dialog stayed open past the date picked: the form refuses it before anything is sent.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(ahead.getTime() + 60_000);
      await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(await within(dialog).findByText('The end date must lie ahead')).toBeInTheDocument();
      expect(api.count(`POST /api/manage/requests/${request.id}/approve`)).toBe(0);
    } finally {
      vi.useRealTimers();
    }

    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Mira Solan is now in Fleet Ops.')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST')?.body as { until: string };
    expect(sent.until).toBe(ahead.toISOString());
  });

  it('offers no day before today on the end date’s calendar', async () => {
    stubManage();
    const app = renderApp('/manage');
    await app.user.click(await screen.findByRole('button', { name: 'Approve Mira Solan for Fleet Ops' }));
    await app.user.click(await screen.findByRole('button', { name: 'End date (optional)' }));
    const name = (d: Date) => `${d.getDate()} ${d.toLocaleDateString('en', { month: 'long' })} ${d.getFullYear()}`;
    const today = new Date();
    expect(await screen.findByRole('button', { name: name(today) })).toBeEnabled();
    await app.user.click(screen.getByRole('button', { name: 'Previous month' }));
    const lastMonth = new Date(today.getFullYear(), today.getMonth(), 0); // the last day of the month before
    expect(await screen.findByRole('button', { name: name(lastMonth) })).toBeDisabled();
  });

  it('denies with a reason', async () => {
    const api = stubManage({
      [`POST /api/manage/requests/${request.id}/deny`]: reply(200, { status: 'denied', until: null, message: 'Denied' }),
    });
    const app = renderApp('/manage');
    await app.user.click(await screen.findByRole('button', { name: 'Deny Mira Solan for Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny Mira Solan?' });
    await app.user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Officers only');
    await app.user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Mira Solan’s request to join Fleet Ops was denied.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Officers only' });
  });

  it('shows a managed group’s members through the manage calls, never the admin’s', async () => {
    const api = stubManage({ [`GET /api/manage/groups/${fleetOps.id}/members`]: membersRoute([groupMember(1, { name: 'Mira Solan' })]) });
    renderApp(`/manage/groups/${fleetOps.id}`);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(await within(table).findByText('Mira Solan')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('says so for a group it does not manage', async () => {
    stubManage();
    renderApp('/manage/groups/20000000-0000-4000-8000-000000000099');
    expect(await screen.findByText('No such group')).toBeInTheDocument();
  });
});
