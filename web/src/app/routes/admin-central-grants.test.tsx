import { ROLE_RULE, SCOPE_RULE, type CentralGrants } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, reply, stubFetch, type StubCall } from '@/testing/fetch-stub.ts';
import { admin, adminApp as appRow, adminUser, testUuid } from '@/testing/fixtures.ts';

const adminApp = (n: number, key: string, name: string) => appRow({ id: testUuid(n, '10000000'), key, name });
import { renderApp } from '@/testing/render-app.tsx';

const mira = adminUser(1, { name: 'Mira Solan', uid: '1:100002' });

const portal = adminApp(1, 'portal', 'Portal');
const fleet = adminApp(2, 'fleet', 'Fleet Ops');
const held: CentralGrants = { scp: ['profile', 'fleet:read'], roles: ['staff'] };
const target = { userId: mira.id, appId: fleet.id };

async function openCentralGrants(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/users': reply(200, [mira]),
    'GET /api/admin/apps': reply(200, [portal, fleet]),
    'GET /api/admin/consents': reply(200, held),
    ...routes,
  });
  const app = renderApp('/admin/consents');
  await screen.findByRole('heading', { name: 'Central Consents & Roles' });
  return { api, ...app };
}

type User = Awaited<ReturnType<typeof openCentralGrants>>['user'];

async function pick(user: User) {
  const userInput = screen.getByRole('combobox', { name: 'User' });
  await user.click(userInput);
  await user.click(await screen.findByRole('option', { name: 'Mira Solan (1:100002)' }));
  const appInput = screen.getByRole('combobox', { name: 'App' });
  await waitFor(() => expect(appInput).toBeEnabled());
  await user.click(appInput);
  await user.click(await screen.findByRole('option', { name: 'Fleet Ops (fleet)' }));
}

const group = (name: string) => screen.getByRole('region', { name });
const chips = (name: string) =>
  within(group(name))
    .queryAllByRole('listitem')
    .map((c) => c.textContent);
const posts = (api: ReturnType<typeof stubFetch>, path: string) =>
  api.calls.filter((c: StubCall) => c.method === 'POST' && c.path === path);

describe('/admin/consents', () => {
  it('shows the Scopes and Central Roles chips of the picked user and app', async () => {
    const { api, user } = await openCentralGrants();

    expect(screen.getByText('Pick a user and an app to see their scopes and central roles.')).toBeInTheDocument();
    await pick(user);

    await screen.findByRole('region', { name: 'Scopes' });
    expect(chips('Scopes')).toEqual(['profile', 'fleet:read']);
    expect(chips('Central Roles')).toEqual(['staff']);
    for (const item of ['profile', 'fleet:read', 'staff']) {
      expect(screen.getByRole('button', { name: `Revoke ${item}` })).toBeEnabled();
    }
    expect(within(group('Scopes')).getByPlaceholderText('scope...')).toBeInTheDocument();
    expect(within(group('Central Roles')).getByPlaceholderText('admin, staff, sysadmin...')).toBeInTheDocument();

    const read = api.calls.find((c) => c.path === '/api/admin/consents')!;
    expect(Object.fromEntries(new URL(read.url).searchParams)).toEqual(target);
    expect(read.credentials).toBe('include');
  });

  it("offers every app, the portal too, as 'name (key)'", async () => {
    const { user } = await openCentralGrants();

    const appInput = screen.getByRole('combobox', { name: 'App' });
    await waitFor(() => expect(appInput).toBeEnabled());
    await user.click(appInput);
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Portal (portal)', 'Fleet Ops (fleet)']);
  });

  it('gives each chip a revoke button of 24 px at least, for a finger on a phone', async () => {
    const { user } = await openCentralGrants();
    await pick(user);

    const buttons = await within(group('Scopes')).findAllByRole('button', { name: /^Revoke / });
    for (const button of buttons) {
      const size = button.style.getPropertyValue('--cb-size').match(/([\d.]+)rem/);
      expect(Number(size?.[1]) * 16).toBeGreaterThanOrEqual(24);
    }
  });

  it("'Revoke {item}' revokes that scope or role", async () => {
    const { api, user } = await openCentralGrants({
      'POST /api/admin/consents/revoke': reply(200, { scp: ['profile'], roles: ['staff'] }),
      'POST /api/admin/roles/revoke': reply(200, { scp: ['profile'], roles: [] }),
    });
    await pick(user);

    await user.click(await screen.findByRole('button', { name: 'Revoke fleet:read' }));
    await waitFor(() => expect(chips('Scopes')).toEqual(['profile']));
    expect(posts(api, '/api/admin/consents/revoke').map((c) => c.body)).toEqual([{ ...target, value: 'fleet:read' }]);

    await user.click(screen.getByRole('button', { name: 'Revoke staff' }));
    expect(await within(group('Central Roles')).findByText('No central roles granted.')).toBeInTheDocument();
    expect(posts(api, '/api/admin/roles/revoke').map((c) => c.body)).toEqual([{ ...target, value: 'staff' }]);
  });

  it('grants a trimmed scope and role, and ignores empty input', async () => {
    const { api, user } = await openCentralGrants({
      'POST /api/admin/consents/grant': reply(200, { scp: ['profile', 'fleet:read', 'fleet:write'], roles: ['staff'] }),
      'POST /api/admin/roles/grant': reply(200, { scp: ['profile', 'fleet:read', 'fleet:write'], roles: ['staff', 'admin'] }),
    });
    await pick(user);
    const scopeInput = await screen.findByPlaceholderText('scope...');
    const roleInput = screen.getByPlaceholderText('admin, staff, sysadmin...');

    await user.type(scopeInput, '   ');
    await user.click(within(group('Scopes')).getByRole('button', { name: 'Grant' }));
    await user.click(within(group('Central Roles')).getByRole('button', { name: 'Grant' }));
    expect(posts(api, '/api/admin/consents/grant')).toHaveLength(0);
    expect(posts(api, '/api/admin/roles/grant')).toHaveLength(0);

    await user.type(scopeInput, '  fleet:write  {Enter}');
    await waitFor(() => expect(chips('Scopes')).toEqual(['profile', 'fleet:read', 'fleet:write']));
    expect(posts(api, '/api/admin/consents/grant').map((c) => c.body)).toEqual([{ ...target, value: 'fleet:write' }]);
    expect(scopeInput).toHaveValue('');

    await user.type(roleInput, ' admin ');
    await user.click(within(group('Central Roles')).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(chips('Central Roles')).toEqual(['staff', 'admin']));
    expect(posts(api, '/api/admin/roles/grant').map((c) => c.body)).toEqual([{ ...target, value: 'admin' }]);
    expect(roleInput).toHaveValue('');
  });

  it("shows 'Working...' and waits while a change is in flight", async () => {
    const grant = deferred();
    const { user } = await openCentralGrants({ 'POST /api/admin/roles/grant': grant.route });
    await pick(user);

    await user.type(await screen.findByPlaceholderText('admin, staff, sysadmin...'), 'sysadmin');
    await user.click(within(group('Central Roles')).getByRole('button', { name: 'Grant' }));

    expect(await within(group('Central Roles')).findByRole('button', { name: 'Working...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revoke staff' })).toBeDisabled();
    // Only the group that is granting says so; the other one waits quietly.
    expect(within(group('Scopes')).getByRole('button', { name: 'Grant' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: 'Working...' })).toHaveLength(1);

    grant.resolve(reply(200, { scp: held.scp, roles: ['staff', 'sysadmin'] }));
    await waitFor(() => expect(chips('Central Roles')).toEqual(['staff', 'sysadmin']));
    expect(within(group('Central Roles')).getByRole('button', { name: 'Grant' })).toBeEnabled();
  });

  it("shows 'Update failed.' with the server's message when a change fails", async () => {
    const { user } = await openCentralGrants({
      'POST /api/admin/consents/grant': errorReply(404, 'not_found', 'No app with this id.'),
    });
    await pick(user);

    await user.type(await screen.findByPlaceholderText('scope...'), 'fleet:write');
    await user.click(within(group('Scopes')).getByRole('button', { name: 'Grant' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Update failed.');
    expect(alert).toHaveTextContent('No app with this id.');
    expect(chips('Scopes')).toEqual(['profile', 'fleet:read']);
    expect(screen.getByPlaceholderText('scope...')).toHaveValue('fleet:write');
  });

  it("shows a refusal of the server's validation in words, without the request location ('body.value:')", async () => {
    const { user } = await openCentralGrants({
      'POST /api/admin/roles/grant': errorReply(400, 'bad_request', 'body.value: Role must be at most 100 characters'),
    });
    await pick(user);

    await user.type(await screen.findByPlaceholderText('admin, staff, sysadmin...'), 'pilot');
    await user.click(within(group('Central Roles')).getByRole('button', { name: 'Grant' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Role must be at most 100 characters');
    expect(alert).not.toHaveTextContent('body.value');
  });

  it('says at the field, before sending, what a scope or a role may not hold', async () => {
    const { api, user } = await openCentralGrants();
    await pick(user);

    const scope = await screen.findByPlaceholderText('scope...');
    await user.type(scope, 'two words');
    await user.click(within(group('Scopes')).getByRole('button', { name: 'Grant' }));
    expect(await within(group('Scopes')).findByText(SCOPE_RULE)).toBeInTheDocument();
    expect(scope).toHaveAttribute('aria-invalid', 'true');

    const role = screen.getByPlaceholderText('admin, staff, sysadmin...');
    await user.type(role, 'офицер');
    await user.click(within(group('Central Roles')).getByRole('button', { name: 'Grant' }));
    expect(await within(group('Central Roles')).findByText(ROLE_RULE)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Typing again clears the message.
    await user.type(role, 'x');
    expect(within(group('Central Roles')).queryByText(ROLE_RULE)).not.toBeInTheDocument();
  });

  it("shows 'Failed to load consents/roles.' when they cannot be read", async () => {
    const { user } = await openCentralGrants({ 'GET /api/admin/consents': errorReply(404, 'not_found', 'No user with this id.') });
    await pick(user);

    expect(await screen.findByText('Failed to load consents/roles.')).toBeInTheDocument();
  });

  it("shows 'Failed to load apps/users.' when the pickers cannot be filled", async () => {
    await openCentralGrants({ 'GET /api/admin/apps': errorReply(403, 'forbidden', 'No') });

    expect(await screen.findByText('Failed to load apps/users.')).toBeInTheDocument();
  });
});
