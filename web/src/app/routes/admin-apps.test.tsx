import { screen, waitFor, within } from '@testing-library/react';
import { PHASE_COLOR_NAMES } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-phone-layout.ts';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, adminApp } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const portal = adminApp({ id: '00000000-0000-4000-8000-000000000001', key: 'portal', name: 'Portal' });
const fleet = adminApp({
  id: '00000000-0000-4000-8000-000000000002',
  key: 'fleet',
  name: 'Fleet Ops',
  audience: 'fleet-api',
  icon: '🚀',
  url: 'https://fleet.example.test/',
  description: 'Plan fleet movements.',
  phase: 'Beta',
  phaseDesc: 'Open to all',
  phaseColor: 'teal',
  progress: 40,
  redirect_urls: ['https://fleet.example.test/cb', 'https://fleet.example.test/silent'],
  frontchannel_logout_url: 'https://fleet.example.test/logout',
  backchannel_logout_url: null,
  allow_global_admin: true,
  skip_uid_whitelist: true,
});

const emptyBody = {
  icon: null,
  url: null,
  description: null,
  phase: null,
  phaseDesc: null,
  phaseColor: null,
  progress: 0,
  redirect_urls: [],
  frontchannel_logout_url: null,
  backchannel_logout_url: null,
  allow_global_admin: false,
  allow_delegated_swc_token: false,
  skip_uid_whitelist: false,
  require_passkey: false,
  grant_types: ['authorization_code', 'refresh_token'],
  machine_scopes: [],
};

type User = ReturnType<typeof renderApp>['user'];

/** Replaces a field's text the way a user pasting it would (typing each key is slow under jsdom). */
async function fill(user: User, query: { name: string | RegExp }, value: string) {
  const field = screen.getByRole('textbox', query);
  await user.clear(field);
  if (value) await user.click(field);
  if (value) await user.paste(value);
}

function table() {
  return screen.getByRole('table', { name: 'Apps' });
}

function row(name: string) {
  return within(table()).getByRole('row', { name: new RegExp(name) });
}

async function openCatalog(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/apps': reply(200, [portal, fleet]), ...routes });
  const app = renderApp('/admin/apps');
  await screen.findByRole('heading', { name: 'App Catalog' });
  // The table appears once the catalog is in (a loading state before).
  await within(await screen.findByRole('table', { name: 'Apps' })).findByText('Fleet Ops');
  return { api, ...app };
}

describe('/admin/apps', () => {
  it('lists the apps with Key, Name and Audience, each with Edit and Delete', async () => {
    await openCatalog();

    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['Key', 'Name', 'Audience']);
    const cells = within(row('Fleet Ops'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['fleet', 'Fleet Ops', 'fleet-api']);
    expect(within(row('Fleet Ops')).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(row('Fleet Ops')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    // The portal app cannot be deleted.
    expect(within(row('Portal')).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(row('Portal')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    // Not editing: no Cancel.
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it("leads from each app but the portal to its access rules, on the app page's Access tab", async () => {
    await openCatalog();
    expect(within(row('Fleet Ops')).getByRole('link', { name: 'Access rules' })).toHaveAttribute(
      'href',
      `/admin/apps/${fleet.id}?tab=access`,
    );
    // The portal admits every player: it has no rules.
    expect(within(row('Portal')).queryByRole('link', { name: 'Access rules' })).not.toBeInTheDocument();
  });

  it('creates an app with every field: icon, split redirect URLs, parsed progress', { timeout: 15_000 }, async () => {
    const { api, user } = await openCatalog({ 'POST /api/admin/apps': reply(201, fleet) });

    await fill(user, { name: /^Key/ }, 'market');
    await fill(user, { name: /^Name/ }, 'Market Watch');
    await fill(user, { name: /^Token audience/ }, 'market-api');
    await fill(user, { name: 'URL' }, 'https://market.example.test/');
    await fill(user, { name: 'Description' }, 'Prices across the galaxy.');
    await user.click(screen.getByRole('radio', { name: '📈' }));
    await fill(user, { name: 'Phase' }, 'Alpha');
    await fill(user, { name: 'Phase description' }, 'Testers only');
    await fill(user, { name: 'Phase colour' }, 'grape');
    await fill(user, { name: 'Progress' }, '75');
    await fill(user, { name: 'Sign-in return addresses' }, '  https://market.example.test/cb   https://market.example.test/silent\n');
    await fill(user, { name: 'Sign-out page' }, 'https://market.example.test/logout');
    await fill(user, { name: 'Sign-out notice address' }, 'https://market.example.test/bc');
    await user.click(screen.getByRole('checkbox', { name: /Act on SWCombine for the player/ }));
    await user.click(screen.getByRole('checkbox', { name: /Bypass UID whitelist/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Require a passkey/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Device code \(bots, command-line tools\)/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Machine client \(no player\)/ }));
    await fill(user, { name: /^Machine client scopes/ }, 'market:read  market:write');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    await waitFor(() => expect(api.count('POST /api/admin/apps')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: 'https://auth.example.test/api/admin/apps',
      credentials: 'include',
    });
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      key: 'market',
      name: 'Market Watch',
      audience: 'market-api',
      icon: '📈',
      url: 'https://market.example.test/',
      description: 'Prices across the galaxy.',
      phase: 'Alpha',
      phaseDesc: 'Testers only',
      phaseColor: 'grape',
      progress: 75,
      redirect_urls: ['https://market.example.test/cb', 'https://market.example.test/silent'],
      frontchannel_logout_url: 'https://market.example.test/logout',
      backchannel_logout_url: 'https://market.example.test/bc',
      allow_global_admin: false,
      allow_delegated_swc_token: true,
      skip_uid_whitelist: true,
      require_passkey: true,
      grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code', 'client_credentials'],
      machine_scopes: ['market:read', 'market:write'],
    });
    expect(await screen.findByText('App "Market Watch" created.')).toBeInTheDocument();
    await waitFor(() => expect(api.count('GET /api/admin/apps')).toBe(2));
    expect(screen.getByRole('textbox', { name: /^Key/ })).toHaveValue('');
  });

  it('parses progress as an integer with fallback 0, and sends no icon when none is picked', async () => {
    const { api, user } = await openCatalog({ 'POST /api/admin/apps': reply(201, fleet) });

    await fill(user, { name: /^Key/ }, 'mine');
    await fill(user, { name: /^Name/ }, 'Mining Log');
    await fill(user, { name: /^Token audience/ }, 'mine');
    await fill(user, { name: 'Progress' }, 'soon');
    expect(screen.getByRole('radio', { name: 'No icon' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    await waitFor(() => expect(api.count('POST /api/admin/apps')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ key: 'mine', name: 'Mining Log', audience: 'mine', ...emptyBody });
  });

  it('offers the ways to sign in in words, keeps refresh tokens to those that sign a player in, and wants at least one', async () => {
    const { api, user } = await openCatalog();
    const code = screen.getByRole('checkbox', { name: /^Sign-in with a code \(browser apps\)/ });
    const refresh = screen.getByRole('checkbox', { name: /^Stay signed in \(refresh tokens\)/ });
    expect(code).toBeChecked();
    expect(refresh).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /^Machine client scopes/ })).not.toBeInTheDocument();
    await user.click(code);
    // Nothing left that signs a player in: refresh tokens go with it, and the form says so and why.
    expect(refresh).not.toBeChecked();
    expect(refresh).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Stay signed in was unticked as well: refresh tokens need a way that signs a player in.',
    );
    expect(refresh).toHaveAccessibleDescription(/^Needs Sign-in with a code or Device code/);
    await fill(user, { name: /^Key/ }, 'market');
    await fill(user, { name: /^Name/ }, 'Market Watch');
    await fill(user, { name: /^Token audience/ }, 'market-api');
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findAllByText('Choose at least one way for the app to sign in')).not.toHaveLength(0);
    expect(api.count('POST /api/admin/apps')).toBe(0);
  });

  it('creates a machine client with its client secret and shows the secret once, ready to copy', async () => {
    const secret = 'Xq3v9J0aB1c2D3e4F5g6H7i8J9k0L1m2N3o4P5q6R7s';
    const ledger = adminApp({ id: '00000000-0000-4000-8000-000000000003', key: 'ledger', name: 'Ledger Sync' });
    const { api, user } = await openCatalog({ 'POST /api/admin/apps': reply(201, { ...ledger, client_secret: secret }) });
    await user.click(screen.getByRole('checkbox', { name: /^Sign-in with a code/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Machine client/ }));
    expect(screen.getByText(/the portal makes one with the app and shows it once/)).toBeInTheDocument();
    await fill(user, { name: /^Key/ }, 'ledger');
    await fill(user, { name: /^Name/ }, 'Ledger Sync');
    await fill(user, { name: /^Token audience/ }, 'ledger');
    await fill(user, { name: /^Machine client scopes/ }, 'ledger:read');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    const box = await screen.findByRole('status', { name: /New client secret/ });
    expect(api.count('POST /api/admin/apps')).toBe(1);
    expect(within(box).getByText(secret)).toBeInTheDocument();
    expect(box).toHaveTextContent('Copy it now: it will not be shown again.');
    expect(box).toHaveTextContent("Paste it into Ledger Sync's OpenID Connect settings");
    await user.click(within(box).getByRole('button', { name: 'Copy client secret' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    // The next action forgets it.
    await user.click(within(row('Fleet Ops')).getByRole('button', { name: /^Edit/ }));
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('requires key, name and audience before sending anything', async () => {
    const { api, user } = await openCatalog();

    await user.click(screen.getByRole('button', { name: 'Create app' }));

    expect(await screen.findByText('Key is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Token audience is required')).toBeInTheDocument();
    expect(api.count('POST /api/admin/apps')).toBe(0);
  });

  it('after a refused save, names each field in error beside the button and moves the focus to the first', async () => {
    const { user } = await openCatalog();
    await fill(user, { name: /^Name/ }, 'Mining Log');
    await fill(user, { name: 'URL' }, 'not a url');

    await user.click(screen.getByRole('button', { name: 'Create app' }));

    const summary = await screen.findByRole('status', { name: '3 fields need a change' });
    const named = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(named).toEqual([
      'Key: Key is required',
      'Token audience: Token audience is required',
      'URL: URL must be an absolute http(s) URL',
    ]);
    expect(screen.getByRole('textbox', { name: /^Key/ })).toHaveFocus();

    await user.click(within(summary).getByRole('button', { name: 'URL' }));
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveFocus();

    // Put right, a field leaves the summary; all put right, the summary goes.
    await fill(user, { name: /^Key/ }, 'mine');
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    await fill(user, { name: /^Token audience/ }, 'mine');
    await fill(user, { name: 'URL' }, 'https://mine.example.test/');
    expect(screen.queryByRole('status', { name: /fields? needs? a change/ })).not.toBeInTheDocument();
  });

  it('picks the phase colour from its swatches, or takes it typed', async () => {
    const { api, user } = await openCatalog({ 'POST /api/admin/apps': reply(201, fleet) });
    await fill(user, { name: /^Key/ }, 'mine');
    await fill(user, { name: /^Name/ }, 'Mining Log');
    await fill(user, { name: /^Token audience/ }, 'mine');
    const swatches = screen.getByRole('group', { name: 'Phase colour: pick a colour' });
    expect(
      within(swatches)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([...PHASE_COLOR_NAMES]);

    await user.click(within(swatches).getByRole('button', { name: 'grape' }));
    expect(screen.getByRole('textbox', { name: 'Phase colour' })).toHaveValue('grape');
    expect(within(swatches).getByRole('button', { name: 'grape' })).toHaveAttribute('aria-pressed', 'true');

    await fill(user, { name: 'Phase colour' }, '#1e90ff');
    expect(within(swatches).getByRole('button', { name: 'grape' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(api.count('POST /api/admin/apps')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ phaseColor: '#1e90ff' });
  });

  it("links each app's name to its page", async () => {
    await openCatalog();
    expect(within(row('Fleet Ops')).getByRole('link', { name: 'Fleet Ops' })).toHaveAttribute('href', `/admin/apps/${fleet.id}`);
  });

  it('Edit fills the form with the app, shows Cancel and PUTs the changes', async () => {
    const { api, user } = await openCatalog({ [`PUT /api/admin/apps/${fleet.id}`]: reply(200, fleet) });

    await user.click(within(row('Fleet Ops')).getByRole('button', { name: 'Edit' }));

    expect(screen.getByRole('heading', { name: 'Edit Fleet Ops' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Key/ })).toHaveValue('fleet');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Fleet Ops');
    expect(screen.getByRole('textbox', { name: /^Token audience/ })).toHaveValue('fleet-api');
    expect(screen.getByRole('textbox', { name: 'Progress' })).toHaveValue('40');
    expect(screen.getByRole('textbox', { name: 'Sign-in return addresses' })).toHaveValue(
      'https://fleet.example.test/cb https://fleet.example.test/silent',
    );
    expect(screen.getByRole('radio', { name: '🚀' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Allow global admins/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Bypass UID whitelist/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Act on SWCombine for the player/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await fill(user, { name: /^Name/ }, 'Fleet Command');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/admin/apps/${fleet.id}`);
    expect(put.body).toMatchObject({
      key: 'fleet',
      name: 'Fleet Command',
      audience: 'fleet-api',
      icon: '🚀',
      progress: 40,
      redirect_urls: fleet.redirect_urls,
      allow_global_admin: true,
      skip_uid_whitelist: true,
      // What the form does not show as changed is sent as stored.
      grant_types: ['authorization_code', 'refresh_token'],
      machine_scopes: [],
    });
    expect(await screen.findByText('App "Fleet Command" saved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.count('GET /api/admin/apps')).toBe(2));
  });

  it('Cancel leaves editing without saving', async () => {
    const { api, user } = await openCatalog();

    await user.click(within(row('Fleet Ops')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('heading', { name: 'Create app' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Key/ })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("asks 'Delete app?' and DELETEs only after confirming", async () => {
    const { api, user } = await openCatalog({ [`DELETE /api/admin/apps/${fleet.id}`]: reply(204) });

    await user.click(within(row('Fleet Ops')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(within(row('Fleet Ops')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete app?' });
    expect(within(dialog).getByText('Fleet Ops')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe(`/api/admin/apps/${fleet.id}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('App "Fleet Ops" deleted.')).toBeInTheDocument();
    await waitFor(() => expect(api.count('GET /api/admin/apps')).toBe(2));
  });

  it("marks a key another app holds on the Key field itself, focused, with the server's words under it", async () => {
    const { api, user } = await openCatalog({
      'POST /api/admin/apps': errorReply(409, 'conflict', 'Another app already uses the key "fleet".'),
    });

    await fill(user, { name: /^Key/ }, 'fleet');
    await fill(user, { name: /^Name/ }, 'Fleet Two');
    await fill(user, { name: /^Token audience/ }, 'fleet2');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    const key = screen.getByRole('textbox', { name: /^Key/ });
    await waitFor(() => expect(key).toHaveAccessibleDescription(/^Another app already uses the key "fleet"\./));
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveFocus();
    expect(screen.getByRole('status', { name: '1 field needs a change' })).toHaveTextContent(
      'Key: Another app already uses the key "fleet".',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.count('POST /api/admin/apps')).toBe(1);
    // The form keeps what was typed.
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Fleet Two');
  });

  it('shows one current message: a save that fails after one that worked drops the old "created"', async () => {
    const { user } = await openCatalog({
      'POST /api/admin/apps': (_call, nth) =>
        nth === 0
          ? reply(201, adminApp({ id: '00000000-0000-4000-8000-000000000009', key: 'one', name: 'One' }))
          : errorReply(409, 'conflict', 'Another app already uses the key "one".'),
    });
    const create = async (name: string) => {
      await fill(user, { name: /^Key/ }, 'one');
      await fill(user, { name: /^Name/ }, name);
      await fill(user, { name: /^Token audience/ }, 'one');
      await user.click(screen.getByRole('button', { name: 'Create app' }));
    };

    await create('One');
    expect(await screen.findByText('App "One" created.')).toBeInTheDocument();
    await create('One again');
    expect(
      await screen.findByText('Another app already uses the key "one".', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('App "One" created.')).not.toBeInTheDocument();
  });

  it('brings the success notice into view below the sticky header, from the save button at the end of the form', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { user } = await openCatalog({
      'POST /api/admin/apps': reply(201, adminApp({ id: '00000000-0000-4000-8000-000000000009', key: 'one', name: 'One' })),
    });

    await fill(user, { name: /^Key/ }, 'one');
    await fill(user, { name: /^Name/ }, 'One');
    await fill(user, { name: /^Token audience/ }, 'one');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('App "One" created.');
    // The focus goes with it: the form it left is gone from a screen reader's reading place.
    await waitFor(() => expect(notice).toHaveFocus());
    const target = scrolled.find((element) => element.contains(notice));
    expect(target).toBeDefined();
    // The header is sticky: stopping at the top of the viewport would put the notice under it.
    expect((target as HTMLElement).style.scrollMarginTop).toContain('--app-shell-header-offset');
  });

  it("falls back to 'Save failed' without a server message", async () => {
    const { user } = await openCatalog({ 'POST /api/admin/apps': 'network-error' });

    await fill(user, { name: /^Key/ }, 'x');
    await fill(user, { name: /^Name/ }, 'X');
    await fill(user, { name: /^Token audience/ }, 'x');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Save failed');
    // The focus lands on what happened, not on <body>.
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('keeps the form when a save gets no answer, says the server could not be reached, and saves on Try again', async () => {
    const { api, user, pathname } = await openCatalog({
      // The server is gone for a while: the save and the session's recheck get no answer at all.
      'GET /api/me': (_call, nth) => (nth === 0 ? reply(200, admin) : 'network-error'),
      'POST /api/admin/apps': (_call, nth) => (nth === 0 ? 'network-error' : reply(201, fleet)),
    });

    await fill(user, { name: /^Key/ }, 'starmap');
    await fill(user, { name: /^Name/ }, 'Star Map');
    await fill(user, { name: /^Token audience/ }, 'starmap');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Save failed');
    expect(alert).toHaveTextContent('The server could not be reached');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pathname()).toBe('/admin/apps');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Star Map');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('App "Star Map" created.')).toBeInTheDocument();
    expect(api.count('POST /api/admin/apps')).toBe(2);
    expect(api.calls.filter((c) => c.path === '/api/admin/apps' && c.method === 'POST')[1]?.body).toMatchObject({
      key: 'starmap',
      name: 'Star Map',
    });
  });

  it("shows 'Failed to load apps' when the list cannot be read", async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/apps': errorReply(403, 'forbidden', 'Boom') });
    renderApp('/admin/apps');

    expect(await screen.findByText('Failed to load apps')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/admin/apps on a phone', () => {
  function phoneScreen() {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query === PHONE_QUERY }));
  }

  it('stacks one card per app with Key, Name, Audience, Edit and Delete, and no table', async () => {
    phoneScreen();
    const api = stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/admin/apps': reply(200, [portal, fleet]),
      [`DELETE /api/admin/apps/${fleet.id}`]: reply(204),
    });
    const { user } = renderApp('/admin/apps');

    const cards = await screen.findByRole('list', { name: 'Apps' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);

    const card = within(cards).getByRole('listitem', { name: 'Fleet Ops' });
    for (const [label, value] of [
      ['Key', 'fleet'],
      ['Name', 'Fleet Ops'],
      ['Audience', 'fleet-api'],
    ] as const) {
      expect(within(card).getByText(label)).toBeInTheDocument();
      expect(within(card).getByText(value)).toBeInTheDocument();
    }
    expect(within(card).queryByText('built-in')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeEnabled();

    // The portal app: its key beside the badge, Delete disabled with the reason spelled out.
    const portalCard = within(cards).getByRole('listitem', { name: 'Portal' });
    expect(within(portalCard).getAllByRole('definition')[0]).toHaveTextContent(/^portalbuilt-in$/);
    expect(within(portalCard).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(portalCard).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(portalCard).getByText('The portal app cannot be deleted.')).toBeInTheDocument();

    // Edit from a card fills the form.
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit Fleet Ops' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Key/ })).toHaveValue('fleet');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    // Delete from a card asks first, then DELETEs.
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe(`/api/admin/apps/${fleet.id}`);
    expect(await screen.findByText('App "Fleet Ops" deleted.')).toBeInTheDocument();
  });

  it('shows the empty state as a card', async () => {
    phoneScreen();
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/apps': reply(200, []) });
    renderApp('/admin/apps');

    expect(await screen.findByText('No apps yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Apps' })).not.toBeInTheDocument();
  });
});
