import type { AccountEvent, AccountSession, AppsWhy, ConnectedApps } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const here: AccountSession = {
  sid: 'here',
  device: 'Chrome on Windows',
  device_kind: 'desktop',
  ip: '203.0.113.5',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/124.0.0.0 Safari/537.36',
  signed_in_at: '2026-11-22T10:00:00.000Z',
  last_used_at: '2026-11-22T12:00:00.000Z',
  current: true,
};
const phone: AccountSession = {
  ...here,
  sid: 'phone',
  device: 'Firefox on Android',
  device_kind: 'phone',
  ip: '198.51.100.7',
  current: false,
};
const connected: ConnectedApps = {
  oidc: [
    {
      key: 'wiki',
      name: 'Wiki',
      icon: '📚',
      scopes: [
        { scope: 'openid', words: 'Know who you are (your character’s UID)' },
        { scope: 'offline_access', words: 'Act while you are away' },
      ],
      since: '2026-11-20T12:00:00.000Z',
      last_used_at: '2026-11-22T11:00:00.000Z',
      offline: true,
    },
  ],
  token_exchange: { automation_token_enabled: false, apps: [{ key: 'hauler', name: 'Hauler', icon: null, last_used_at: null }] },
};
const why: AppsWhy = {
  open: [
    {
      key: 'fleet',
      name: 'Fleet Ops',
      icon: '🚀',
      url: null,
      via: 'faction',
      group: 'Galactic Weapon Systems',
      why: 'through your faction Galactic Weapon Systems',
      until: null,
    },
    { key: 'wiki', name: 'Wiki', icon: null, url: null, via: 'bypass', group: null, why: 'open to every player', until: null },
  ],
  askable: [
    {
      key: 'armory',
      name: 'Armory',
      icon: null,
      groups: [{ name: 'Pilots', kind: 'custom' }],
      why: 'Open to members of the group Pilots',
      join: null,
      ask_whom: 'Ask an admin of the portal',
    },
  ],
};
const event = (n: number): AccountEvent => ({
  at: new Date(Date.UTC(2026, 10, 22, 12, 0, 0) - n * 60_000).toISOString(),
  event: 'login',
  sentence: `You signed in (${n})`,
  app_name: null,
  ip: '203.0.113.5',
  device: 'Chrome on Windows',
});

function stubAccount(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': reply(200, player),
    'GET /api/me/sessions': reply(200, [here, phone]),
    'GET /api/me/connected-apps': reply(200, connected),
    'GET /api/me/apps/why': reply(200, why),
    'GET /api/me/groups': reply(200, { member_of: [], joinable: [], pending: [], answered: [] }),
    'GET /api/me/discord': reply(200, { linked: false }),
    'GET /api/me/events': (call) => {
      const offset = Number(new URL(call.url).searchParams.get('offset'));
      return { status: 200, body: [event(offset + 1)] };
    },
    ...overrides,
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('/account', () => {
  it('shows where you are signed in, this device marked and without a Sign out of its own', async () => {
    stubAccount();
    renderApp('/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    const sessions = await screen.findByRole('table', { name: 'Where you are signed in' });
    const rows = within(sessions).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('To sign out here, use Logout in the menu at the top')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox on Android' })).toBeInTheDocument();
  });

  it('signs out one other session after saying what happens, and says so where the list is', async () => {
    let signedOut = false;
    const api = stubAccount({
      'GET /api/me/sessions': () => reply(200, signedOut ? [here] : [here, phone]),
      'DELETE /api/me/sessions/phone': () => {
        signedOut = true;
        return reply(204);
      },
    });
    const app = renderApp('/account');

    await app.user.click(await screen.findByRole('button', { name: 'Sign out Firefox on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out Firefox on Android?' });
    expect(dialog).toHaveTextContent('That browser is signed out of the platform');
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Firefox on Android signed out.')).toBeInTheDocument();
    expect(api.count('DELETE /api/me/sessions/phone')).toBe(1);
    await waitFor(() => expect(screen.queryByText('Firefox on Android')).not.toBeInTheDocument());
  });

  it('signs out everywhere else, and has nothing to sign out when this is the only session', async () => {
    const api = stubAccount({ 'DELETE /api/me/sessions': reply(200, { ended: 1 }) });
    const app = renderApp('/account');

    await app.user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('The other browser where you are signed in is signed out at once. This one stays signed in.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('1 other session signed out.')).toBeInTheDocument();
    expect(api.count('DELETE /api/me/sessions')).toBe(1);
  });

  it('offers no Sign out everywhere else while this is the only session', async () => {
    stubAccount({ 'GET /api/me/sessions': reply(200, [here]) });
    renderApp('/account');
    expect(await screen.findByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('shows each connected app with its scopes in words, and whether it can act while you are away', async () => {
    stubAccount();
    renderApp('/account');

    const apps = await screen.findByRole('list', { name: 'Connected apps' });
    const wiki = within(apps).getByRole('listitem', { name: 'Wiki' });
    expect(within(wiki).getByText('Can act while you are away')).toBeInTheDocument();
    const scopes = within(wiki).getByRole('list', { name: 'What Wiki may do' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Know who you are (your character’s UID)', 'Act while you are away']);
    expect(within(wiki).getByText(/Connected/)).toBeInTheDocument();
    const exchange = screen.getByRole('table', { name: 'Apps that act on SWCombine for you' });
    expect(within(exchange).getByText('Hauler')).toBeInTheDocument();
    expect(within(exchange).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Automation token off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /SWC Consents/ })).toHaveAttribute('href', '/swc/consents');
  });

  it('disconnects an app after saying what happens, and says so in its section', async () => {
    let gone = false;
    const api = stubAccount({
      'GET /api/me/connected-apps': () => reply(200, gone ? { ...connected, oidc: [] } : connected),
      'DELETE /api/me/connected-apps/wiki': () => {
        gone = true;
        return reply(204);
      },
    });
    const app = renderApp('/account');

    await app.user.click(await screen.findByRole('button', { name: 'Disconnect Wiki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Wiki?' });
    expect(dialog).toHaveTextContent(
      'Every token Wiki holds for you ends now: it can no longer act for you while you are away, and it is told you signed out. You can still open Wiki; it asks you to sign in again.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    const done = await screen.findByText('Wiki disconnected.');
    expect(section('Connected apps')).toContainElement(done);
    expect(api.count('DELETE /api/me/connected-apps/wiki')).toBe(1);
    expect(await screen.findByText(/No app keeps tokens for you/)).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's words when Disconnect fails", async () => {
    stubAccount({
      'DELETE /api/me/connected-apps/wiki': errorReply(404, 'not_found', 'No app with the key "wiki" is connected to your account.'),
    });
    const app = renderApp('/account');

    await app.user.click(await screen.findByRole('button', { name: 'Disconnect Wiki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Wiki?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No app with the key "wiki" is connected to your account.');
  });

  it('says why you may open each app, and which group would open the others', async () => {
    stubAccount();
    renderApp('/account');

    const open = await screen.findByRole('list', { name: 'Apps you can open' });
    expect(
      within(open)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['🚀Fleet OpsFactionThrough your faction Galactic Weapon Systems', 'WikiEveryoneOpen to every player']);
    const askable = screen.getByRole('list', { name: 'Apps you could ask for' });
    expect(within(askable).getByText('Open to members of the group Pilots')).toBeInTheDocument();
  });

  it('says who let the player into an app an admin granted, not that the player is its admin', async () => {
    const granted = {
      key: 'fleet',
      name: 'Fleet Ops',
      icon: null,
      url: null,
      via: 'grant',
      group: null,
      why: 'granted by an admin',
      until: null,
    };
    stubAccount({ 'GET /api/me/apps/why': reply(200, { open: [granted], askable: [] }) });
    renderApp('/account');
    const open = await screen.findByRole('list', { name: 'Apps you can open' });
    expect(within(open).getByRole('listitem')).toHaveTextContent('Fleet OpsGrantedGranted by an admin');
    expect(within(open).queryByText('Admin', { exact: true })).not.toBeInTheDocument();
  });

  it('tells an admin with no app where to give one, not to ask an administrator', async () => {
    stubAccount({ 'GET /api/me': reply(200, admin), 'GET /api/me/apps/why': reply(200, { open: [], askable: [] }) });
    renderApp('/account');
    expect(
      await screen.findByText('You may open no app yet: grant yourself access, or add an app, in the admin console.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Ask an administrator/)).not.toBeInTheDocument();
  });

  it('says an app with no token on record was not used recently, not that it has "no token left"', async () => {
    const forgotten = { ...connected, oidc: [{ ...connected.oidc[0]!, last_used_at: null }] };
    stubAccount({ 'GET /api/me/connected-apps': reply(200, forgotten) });
    renderApp('/account');
    const wiki = await screen.findByRole('listitem', { name: 'Wiki' });
    expect(wiki).toHaveTextContent(/· last used not recently/);
    expect(wiki).not.toHaveTextContent('no token left');
  });

  it('pages what changed, newest first', async () => {
    const api = stubAccount({
      'GET /api/me/events': (call) => {
        const offset = Number(new URL(call.url).searchParams.get('offset'));
        return { status: 200, body: Array.from({ length: 10 }, (_, i) => event(offset + i + 1)) };
      },
    });
    const app = renderApp('/account');
    expect(await screen.findByText('You signed in (1)')).toBeInTheDocument();
    expect(screen.getAllByText('Chrome on Windows · 203.0.113.5').length).toBeGreaterThan(0);

    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('You signed in (11)')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/me/events').map((c) => new URL(c.url).search)).toEqual([
      '?limit=10&offset=0',
      '?limit=10&offset=10',
    ]);
  });

  it('shows each failure in its own section with Try again', async () => {
    stubAccount({ 'GET /api/me/connected-apps': errorReply(500), 'GET /api/me/apps/why': errorReply(500) });
    renderApp('/account');
    expect(await screen.findByText('Failed to load your connected apps.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load your apps.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Where you are signed in' })).toBeInTheDocument();
  });
});

describe('the ways to Your account', () => {
  it('is in the user menu and on Your Profile', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/swc/auth-token': reply(200, { enabled: false }) });
    const app = renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
    await app.user.click(screen.getByRole('button', { name: `User menu: ${player.name}` }));
    expect(await screen.findByRole('menuitem', { name: 'Your account' })).toHaveAttribute('href', '/account');
  });

  describe('Discord', () => {
    it('offers Link Discord, which goes to the auth service’s link route', async () => {
      stubAccount();
      renderApp('/account');
      const discord = await screen.findByRole('region', { name: 'Discord' });
      expect(await within(discord).findByText('No Discord account is linked.')).toBeInTheDocument();
      expect(within(discord).getByRole('link', { name: 'Link Discord' })).toHaveAttribute(
        'href',
        'https://auth.example.test/auth/discord/link',
      );
    });

    it('says in a sentence why a link did not happen, as the link sent the browser back', async () => {
      stubAccount();
      renderApp('/account?discord_error=You%20cancelled%20at%20Discord%2C%20so%20your%20Discord%20account%20is%20not%20linked.');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Discord was not linked');
      expect(alert).toHaveTextContent('You cancelled at Discord, so your Discord account is not linked.');
    });

    it('shows the linked account and unlinks it after asking', async () => {
      const api = stubAccount({
        'GET /api/me/discord': (_call, nth) =>
          nth === 0 ? reply(200, { linked: true, id: '666944667648000002', username: 'mira.solan' }) : reply(200, { linked: false }),
        'DELETE /api/me/discord': reply(204),
      });
      const { user } = renderApp('/account?discord=linked');
      expect(await screen.findByText('Discord linked: your roles follow your groups from now on.')).toBeInTheDocument();
      const discord = screen.getByRole('region', { name: 'Discord' });
      expect(await within(discord).findByText('mira.solan')).toBeInTheDocument();
      await user.click(within(discord).getByRole('button', { name: 'Unlink' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
      await waitFor(() => expect(api.count('DELETE /api/me/discord')).toBe(1));
      expect(await screen.findByText('Discord unlinked: the roles the portal gave you are taken away.')).toBeInTheDocument();
    });
  });
});
