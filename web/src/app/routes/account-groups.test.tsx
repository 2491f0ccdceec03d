import type { AppsWhy, MyGroups } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const FLEET = '20000000-0000-4000-8000-000000000001';
const WING = '20000000-0000-4000-8000-000000000002';

const groups: MyGroups = {
  member_of: [
    {
      id: '20000000-0000-4000-8000-000000000009',
      kind: 'custom',
      name: 'Quartermasters',
      description: '',
      source: 'approved',
      added_at: '2026-11-20T10:00:00.000Z',
      until: '2099-12-01T18:00:00.000Z',
      can_leave: true,
    },
  ],
  joinable: [
    { id: FLEET, name: 'Fleet Ops', description: 'Who runs the fleet.', joining: 'request', apps: ['Fleet Board'] },
    { id: WING, name: 'Open Wing', description: '', joining: 'open', apps: [] },
  ],
  pending: [],
  answered: [
    {
      id: 'r-1',
      group_id: WING,
      group_name: 'Council',
      note: '',
      status: 'denied',
      created_at: '2026-11-20T10:00:00.000Z',
      expires_at: '2026-12-04T10:00:00.000Z',
      answered_at: '2026-11-21T10:00:00.000Z',
      reason: 'Officers only',
      until: null,
    },
  ],
};

const why = (join: AppsWhy['askable'][number]['join'], ask_whom = 'Ask Talia Dorne (manages Fleet Ops) or an admin'): AppsWhy => ({
  open: [],
  askable: [
    {
      key: 'board',
      name: 'Fleet Board',
      icon: null,
      groups: [{ name: 'Fleet Ops', kind: 'custom' }],
      why: 'Open to members of the group Fleet Ops',
      join,
      ask_whom,
    },
  ],
});

function stubAccount(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': reply(200, player),
    'GET /api/me/sessions': reply(200, []),
    'GET /api/me/connected-apps': reply(200, { oidc: [], token_exchange: { automation_token_enabled: false, apps: [] } }),
    'GET /api/me/apps/why': reply(200, why(null)),
    'GET /api/me/groups': reply(200, groups),
    'GET /api/me/events': reply(200, []),
    ...routes,
  });
}

describe('Your account → Groups', () => {
  it('lists your groups with their end date, those you may join or ask to join, and the answers with the reason', async () => {
    stubAccount();
    renderApp('/account');
    const mine = await screen.findByRole('list', { name: 'Your groups' });
    expect(within(mine).getByText('Quartermasters')).toBeInTheDocument();
    expect(within(mine).getByText(/^Until/)).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Leave Quartermasters' })).toBeInTheDocument();
    const joinable = screen.getByRole('list', { name: 'Groups you can join' });
    expect(within(joinable).getByText('Opens Fleet Board')).toBeInTheDocument();
    expect(within(joinable).getByRole('button', { name: 'Ask to join Fleet Ops' })).toBeInTheDocument();
    expect(within(joinable).getByRole('button', { name: 'Join Open Wing' })).toBeInTheDocument();
    const answers = screen.getByRole('list', { name: 'Answers to your requests' });
    expect(within(answers).getByText('Denied')).toBeInTheDocument();
    expect(within(answers).getByText('Reason: Officers only')).toBeInTheDocument();
  });

  it('joins an open group in one click, saying what the server said', async () => {
    const api = stubAccount({
      'POST /api/me/group-requests': reply(201, { status: 'joined', request_id: null, message: 'You joined Open Wing.' }),
    });
    const app = renderApp('/account');
    await app.user.click(await screen.findByRole('button', { name: 'Join Open Wing' }));
    expect(await screen.findByText('You joined Open Wing.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ group_id: WING });
  });

  it('asks to join with a note for the managers', async () => {
    const api = stubAccount({
      'POST /api/me/group-requests': reply(201, { status: 'pending', request_id: 'r-2', message: 'You asked to join Fleet Ops.' }),
    });
    const app = renderApp('/account');
    await app.user.click(await screen.findByRole('button', { name: 'Ask to join Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join Fleet Ops' });
    await app.user.type(within(dialog).getByRole('textbox', { name: /Note for the managers/ }), 'I fly the Bulwark.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('You asked to join Fleet Ops.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ group_id: FLEET, note: 'I fly the Bulwark.' });
  });

  it('shows the server’s refusal in the dialog (a second request, say)', async () => {
    stubAccount({
      'POST /api/me/group-requests': reply(409, {
        error: 'conflict',
        message: 'You already asked to join Fleet Ops: its managers have not answered yet.',
      }),
    });
    const app = renderApp('/account');
    await app.user.click(await screen.findByRole('button', { name: 'Ask to join Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join Fleet Ops' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already asked to join Fleet Ops');
  });
});

describe('Apps you could ask for', () => {
  it('Ask for access asks to join the group that would admit you', async () => {
    const api = stubAccount({
      'GET /api/me/apps/why': reply(200, why({ group_id: FLEET, group_name: 'Fleet Ops', joining: 'request', pending: false })),
      'POST /api/me/group-requests': reply(201, { status: 'pending', request_id: 'r-3', message: 'You asked to join Fleet Ops.' }),
    });
    const app = renderApp('/account');
    await app.user.click(await screen.findByRole('button', { name: 'Ask for access to Fleet Board' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join Fleet Ops' });
    expect(dialog).toHaveTextContent('members of Fleet Ops may open Fleet Board');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ group_id: FLEET }));
  });

  it('says who to ask when no group you may join admits you, with no button', async () => {
    stubAccount();
    renderApp('/account');
    expect(await screen.findByText('Ask Talia Dorne (manages Fleet Ops) or an admin.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for access/ })).not.toBeInTheDocument();
  });

  it('says a request is waiting instead of offering to ask again', async () => {
    stubAccount({
      'GET /api/me/apps/why': reply(200, why({ group_id: FLEET, group_name: 'Fleet Ops', joining: 'request', pending: true })),
    });
    renderApp('/account');
    expect(await screen.findByText('You asked to join Fleet Ops: its managers have not answered yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for access/ })).not.toBeInTheDocument();
  });
});
