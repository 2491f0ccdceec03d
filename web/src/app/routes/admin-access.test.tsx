import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, reply, stubFetch, type StubCall } from '@/testing/fetch-stub.ts';
import { accessAnswer, admin, adminApp as appRow, adminUser, testUuid } from '@/testing/fixtures.ts';

const adminApp = (n: number, key: string, name: string) => appRow({ id: testUuid(n, '10000000'), key, name });
import { renderApp } from '@/testing/render-app.tsx';

const mira = adminUser(1, { name: 'Mira Solan', uid: '1:100002' });
const jorin = adminUser(2, { name: 'Jorin Vex', uid: '1:100001' });
const apps = [adminApp(1, 'portal', 'Portal'), adminApp(2, 'fleet', 'Fleet Ops'), adminApp(3, 'market', 'Market Watch')];
const base = `/api/admin/users/${mira.id}/apps/fleet`;

function usersRoute(call: StubCall) {
  const q = (new URL(call.url).searchParams.get('q') ?? '').toLowerCase();
  return reply(
    200,
    [mira, jorin].filter((u) => !q || (u.name ?? '').toLowerCase().includes(q) || u.uid.includes(q)),
  );
}

async function openAccess(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/users': usersRoute,
    'GET /api/admin/apps': reply(200, apps),
    ...routes,
  });
  const app = renderApp('/admin/access');
  await screen.findByRole('heading', { name: 'User App Access' });
  return { api, ...app };
}

type User = Awaited<ReturnType<typeof openAccess>>['user'];

async function pickUser(user: User, search: string, option: string) {
  const input = screen.getByRole('combobox', { name: 'User' });
  await user.click(input);
  await user.type(input, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function pickApp(user: User, option: string) {
  const input = screen.getByRole('combobox', { name: 'App' });
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

const button = (name: string) => screen.getByRole('button', { name });

describe('/admin/access', () => {
  it("shows 'Current: none' for a user without access, then Grant, Suspend and Revoke change it", async () => {
    const { api, user } = await openAccess({
      [`GET ${base}`]: reply(200, accessAnswer('')),
      [`POST ${base}/grant`]: reply(200, accessAnswer('active')),
      [`POST ${base}/suspend`]: reply(200, accessAnswer('suspended')),
      [`DELETE ${base}/grant`]: reply(200, accessAnswer('revoked')),
    });

    for (const name of ['Grant', 'Suspend', 'Revoke']) expect(button(name)).toBeDisabled();
    await pickUser(user, 'mira', 'Mira Solan (1:100002)');
    for (const name of ['Grant', 'Suspend', 'Revoke']) expect(button(name)).toBeDisabled();
    await pickApp(user, 'Fleet Ops (fleet)');

    expect(await screen.findByText('Current: none')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === base)).toMatchObject({ method: 'GET', credentials: 'include' });
    // Showing the picked 'name (uid)' in the field is not a search.
    expect(api.calls.filter((c) => c.url.includes('q=Mira+Solan'))).toHaveLength(0);
    await waitFor(() => expect(button('Grant')).toBeEnabled());

    await user.click(button('Grant'));
    expect(await screen.findByText('Current: active')).toBeInTheDocument();
    expect(api.count(`POST ${base}/grant`)).toBe(1);

    await waitFor(() => expect(button('Suspend')).toBeEnabled());
    await user.click(button('Suspend'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Suspend Mira Solan (1:100002) on Fleet Ops?' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    expect(await screen.findByText('Current: suspended')).toBeInTheDocument();
    expect(api.count(`POST ${base}/suspend`)).toBe(1);

    // Lifting the suspension is a grant, in the admin's words.
    await waitFor(() => expect(button('Lift suspension')).toBeEnabled());

    await waitFor(() => expect(button('Revoke')).toBeEnabled());
    await user.click(button('Revoke'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke access?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Current: revoked')).toBeInTheDocument();
    expect(api.count(`DELETE ${base}/grant`)).toBe(1);
  });

  it('says after the recorded status whether the player may open the app and what decided it', async () => {
    const viaFaction = {
      status: '',
      decision: {
        allowed: true,
        source: 'faction Galactic Weapon Systems',
        reason: 'Admitted as a member of faction Galactic Weapon Systems.',
      },
    };
    const { user } = await openAccess({
      [`GET ${base}`]: reply(200, viaFaction),
      [`POST ${base}/suspend`]: reply(200, accessAnswer('suspended')),
    });
    await pickUser(user, 'mira', 'Mira Solan (1:100002)');
    await pickApp(user, 'Fleet Ops (fleet)');

    // The spec's text stays as it is; the decision follows it.
    expect(await screen.findByText('Current: none')).toBeInTheDocument();
    expect(screen.getByText('— admitted through faction Galactic Weapon Systems')).toBeInTheDocument();
    expect(screen.getByText('Admitted as a member of faction Galactic Weapon Systems.')).toBeInTheDocument();

    await waitFor(() => expect(button('Suspend')).toBeEnabled());
    await user.click(button('Suspend'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Current: suspended')).toBeInTheDocument();
    expect(screen.getByText('— refused: the suspension outweighs every rule')).toBeInTheDocument();
  });

  it('asks before revoking, says what each change did, and offers only the changes that would change something', async () => {
    const { api, user } = await openAccess({
      [`GET ${base}`]: reply(200, accessAnswer('active')),
      [`DELETE ${base}/grant`]: reply(200, accessAnswer('revoked')),
    });
    await pickUser(user, 'mira', 'Mira Solan (1:100002)');
    await pickApp(user, 'Fleet Ops (fleet)');
    expect(await screen.findByText('Current: active')).toBeInTheDocument();
    await waitFor(() => expect(button('Revoke')).toBeEnabled());
    expect(button('Grant')).toBeDisabled();

    await user.click(button('Revoke'));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    expect(dialog).toHaveTextContent('Mira Solan (1:100002) can no longer open Fleet Ops until access is granted again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count(`DELETE ${base}/grant`)).toBe(0);
    expect(screen.getByText('Current: active')).toBeInTheDocument();

    await user.click(button('Revoke'));
    dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Current: revoked')).toBeInTheDocument();
    expect(api.count(`DELETE ${base}/grant`)).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Access revoked for Mira Solan (1:100002) on Fleet Ops.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing left to revoke.
    expect(button('Revoke')).toBeDisabled();
    expect(button('Grant')).toBeEnabled();
  });

  it('asks before suspending, naming the player and the app, and Cancel changes nothing', async () => {
    const { api, user } = await openAccess({
      [`GET ${base}`]: reply(200, accessAnswer('active')),
      [`POST ${base}/suspend`]: reply(200, accessAnswer('suspended')),
    });
    await pickUser(user, 'mira', 'Mira Solan (1:100002)');
    await pickApp(user, 'Fleet Ops (fleet)');
    await waitFor(() => expect(button('Suspend')).toBeEnabled());

    await user.click(button('Suspend'));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend Mira Solan (1:100002) on Fleet Ops?' });
    expect(dialog).toHaveTextContent('Mira Solan (1:100002) is signed out of Fleet Ops, its tokens for them end now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count(`POST ${base}/suspend`)).toBe(0);
    expect(screen.getByText('Current: active')).toBeInTheDocument();

    await user.click(button('Suspend'));
    dialog = await screen.findByRole('dialog', { name: 'Suspend Mira Solan (1:100002) on Fleet Ops?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Current: suspended')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Access suspended for Mira Solan (1:100002) on Fleet Ops.');
    expect(api.count(`POST ${base}/suspend`)).toBe(1);
  });

  it('disables the buttons while a change is in flight', async () => {
    const grant = deferred();
    const { user } = await openAccess({ [`GET ${base}`]: reply(200, accessAnswer('suspended')), [`POST ${base}/grant`]: grant.route });

    await pickUser(user, 'mira', 'Mira Solan (1:100002)');
    await pickApp(user, 'Fleet Ops (fleet)');
    expect(await screen.findByText('Current: suspended')).toBeInTheDocument();
    await waitFor(() => expect(button('Lift suspension')).toBeEnabled());

    await user.click(button('Lift suspension'));
    await waitFor(() => expect(button('Suspend')).toBeDisabled());
    expect(button('Revoke')).toBeDisabled();

    grant.resolve(reply(200, accessAnswer('active')));
    expect(await screen.findByText('Current: active')).toBeInTheDocument();
    await waitFor(() => expect(button('Revoke')).toBeEnabled());
  });

  it('searches users on the server and offers every app but the portal, as name (key)', async () => {
    const { api, user } = await openAccess();

    const input = screen.getByRole('combobox', { name: 'User' });
    await user.click(input);
    await user.type(input, '100001');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/admin/users' && new URL(c.url).searchParams.get('q') === '100001')).toBe(true),
    );
    const search = api.calls.find((c) => c.path === '/api/admin/users' && new URL(c.url).searchParams.get('q') === '100001')!;
    expect(new URL(search.url).searchParams.get('limit')).toBe('25');
    expect(await screen.findByRole('option', { name: 'Jorin Vex (1:100001)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const appInput = screen.getByRole('combobox', { name: 'App' });
    await waitFor(() => expect(appInput).toBeEnabled());
    await user.click(appInput);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Fleet Ops (fleet)', 'Market Watch (market)']);
  });

  it("shows the server's message when a change fails", async () => {
    const { user } = await openAccess({
      [`GET ${base}`]: reply(200, accessAnswer('')),
      [`POST ${base}/grant`]: errorReply(404, 'not_found', 'No app with this key.'),
    });

    await pickUser(user, 'mira', 'Mira Solan (1:100002)');
    await pickApp(user, 'Fleet Ops (fleet)');
    await screen.findByText('Current: none');
    await waitFor(() => expect(button('Grant')).toBeEnabled());
    await user.click(button('Grant'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Update failed.');
    expect(alert).toHaveTextContent('No app with this key.');
    expect(screen.getByText('Current: none')).toBeInTheDocument();
  });

  it("shows 'Failed to load apps' when the apps cannot be read", async () => {
    await openAccess({ 'GET /api/admin/apps': errorReply(403, 'forbidden', 'No') });

    expect(await screen.findByText('Failed to load apps')).toBeInTheDocument();
  });
});
