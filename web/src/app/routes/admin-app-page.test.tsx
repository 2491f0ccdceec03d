import type { AppAccessRow, OidcClient } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { accessAnswer, admin, adminApp, adminUser, testUuid } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const portal = adminApp({ id: testUuid(1), key: 'portal', name: 'Portal' });
const fleet = adminApp({
  id: testUuid(2),
  key: 'fleet',
  name: 'Fleet Ops',
  audience: 'fleet-api',
  icon: '🚀',
  url: 'https://fleet.example.test/',
  description: 'Plan fleet movements.',
  redirect_urls: ['https://fleet.example.test/'],
});
const mira = adminUser(7, { name: 'Mira Solan', uid: '1:100002' });
const miraRow: AppAccessRow = {
  user_id: mira.id,
  uid: mira.uid,
  name: mira.name,
  image: null,
  status: 'active',
  updated_at: '2026-11-20T09:00:00.000Z',
};
const client: OidcClient = {
  client_id: 'fleet',
  client_type: 'public',
  secret_created_at: null,
  discovery_url: 'https://auth.example.test/.well-known/openid-configuration',
  redirect_uris: ['https://fleet.example.test/'],
};

async function openPage(path: string, routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/apps': reply(200, [portal, fleet]),
    ...routes,
  });
  const view = renderApp(path);
  await screen.findByRole('tablist');
  return { api, ...view };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('/admin/apps/{id}', () => {
  it('heads the page with the app, a breadcrumb back to the catalog, and four tabs with Details open', async () => {
    await openPage(`/admin/apps/${fleet.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Fleet Ops' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'App Catalog' })).toHaveAttribute(
      'href',
      '/admin/apps',
    );
    expect(tabNames()).toEqual(['Details', 'Sign-in', 'Access', 'Activity']);
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Fleet Ops | Industry Alignment Management Platform');
  });

  it("previews the dashboard's card as the fields change, before saving", async () => {
    const { user } = await openPage(`/admin/apps/${fleet.id}`);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Fleet Ops')).toBeInTheDocument();
    expect(within(preview).getByText('Plan fleet movements.')).toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Fleet Command');
    await user.type(screen.getByRole('textbox', { name: 'Phase' }), 'Beta');
    await user.type(screen.getByRole('textbox', { name: 'Phase description' }), 'Pilots only');
    await user.click(screen.getByRole('button', { name: 'teal' }));

    expect(within(preview).getByText('Fleet Command')).toBeInTheDocument();
    expect(within(preview).getByText('Beta')).toBeInTheDocument();
    expect(within(preview).getByText('Pilots only')).toBeInTheDocument();
  });

  it('saves the app from its page and says so; Cancel puts the fields back', async () => {
    const { api, user } = await openPage(`/admin/apps/${fleet.id}`, { [`PUT /api/admin/apps/${fleet.id}`]: reply(200, fleet) });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Fleet Command');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('App "Fleet Command" saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ key: 'fleet', name: 'Fleet Command' });

    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Fleet Ops');
  });

  it("gives the forward-auth configuration of three ingresses with this app's values, and its OpenID Connect client", async () => {
    await openPage(`/admin/apps/${fleet.id}?tab=sign-in`, { [`GET /api/admin/apps/${fleet.id}/oidc-client`]: reply(200, client) });
    expect(screen.getByRole('tab', { name: 'Sign-in' })).toHaveAttribute('aria-selected', 'true');

    const nginx = screen.getByRole('region', { name: 'ingress-nginx configuration' });
    expect(nginx).toHaveTextContent("auth-url: 'https://auth.example.test/auth/verify?aud=fleet-api'");
    expect(nginx).toHaveTextContent(
      "auth-signin: 'https://auth.example.test/auth/login?aud=fleet-api&rd=$scheme://$host$escaped_request_uri'",
    );
    const traefik = screen.getByRole('region', { name: 'Traefik configuration' });
    expect(traefik).toHaveTextContent('address: http://swc-portal.swc-portal.svc/auth/verify?aud=fleet-api');
    expect(traefik).toHaveTextContent('match: Host(`fleet.example.test`)');
    const caddy = screen.getByRole('region', { name: 'Caddy configuration' });
    expect(caddy).toHaveTextContent('fleet.example.test {');
    expect(caddy).toHaveTextContent('uri /auth/verify?aud=fleet-api');
    // Where the app runs in the cluster is the admin's to say: placeholders, marked, and said so above the snippets.
    expect(traefik).toHaveTextContent('metadata: { name: portal-auth, namespace: <your-namespace> }');
    expect(traefik).toHaveTextContent('services: [{ name: <your-app-service>, port: <your-app-port> }]');
    expect(caddy).toHaveTextContent('reverse_proxy <your-app-host>:<your-app-port>');
    const marked = [...traefik.querySelectorAll('mark'), ...caddy.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(new Set(marked)).toEqual(new Set(['<your-namespace>', '<your-app-service>', '<your-app-port>', '<your-app-host>']));
    expect(screen.getByText(/are placeholders: put in where the app runs in your cluster before pasting/)).toBeInTheDocument();
    for (const ingress of ['ingress-nginx', 'Traefik', 'Caddy']) {
      expect(screen.getByRole('button', { name: `Copy the ${ingress} configuration` })).toBeInTheDocument();
    }
    // Its address ending in / is a redirect URL: no note asking for it.
    expect(screen.queryByText("Add the app's address first")).not.toBeInTheDocument();

    expect(await screen.findByText('Public client — uses PKCE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy client ID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New client secret' })).toBeInTheDocument();
  });

  it('chooses on Sign-in how the app signs in, says what a choice still needs, and saves it with the rest of the app as stored', async () => {
    const { api, user } = await openPage(`/admin/apps/${fleet.id}?tab=sign-in`, {
      [`GET /api/admin/apps/${fleet.id}/oidc-client`]: reply(200, client),
      [`PUT /api/admin/apps/${fleet.id}`]: reply(200, fleet),
    });
    const ways = screen.getByRole('form', { name: 'Ways to sign in' });
    expect(within(ways).getByRole('checkbox', { name: /^Sign-in with a code/ })).toBeChecked();
    expect(within(ways).getByRole('button', { name: 'Save ways to sign in' })).toBeDisabled();
    await user.click(within(ways).getByRole('checkbox', { name: /^Device code/ }));
    expect(await within(ways).findByText('Players enter the code the app shows them at:')).toBeInTheDocument();
    expect(within(ways).getByText('https://auth.example.test/device')).toBeInTheDocument();
    await user.click(within(ways).getByRole('checkbox', { name: /^Machine client/ }));
    // A public client: the machine client needs a secret first.
    expect(within(ways).getByText('A machine client needs a client secret')).toBeInTheDocument();
    await user.type(within(ways).getByRole('textbox', { name: /^Machine client scopes/ }), 'fleet:read bad"scope');
    await user.click(within(ways).getByRole('button', { name: 'Save ways to sign in' }));
    expect(await within(ways).findByText(/A scope may hold only letters/)).toBeInTheDocument();
    expect(api.count(`PUT /api/admin/apps/${fleet.id}`)).toBe(0);

    await user.clear(within(ways).getByRole('textbox', { name: /^Machine client scopes/ }));
    await user.type(within(ways).getByRole('textbox', { name: /^Machine client scopes/ }), 'fleet:read');
    await user.click(within(ways).getByRole('button', { name: 'Save ways to sign in' }));
    expect(await within(ways).findByText('Fleet Ops now signs in the ways chosen.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      key: 'fleet',
      name: 'Fleet Ops',
      redirect_urls: fleet.redirect_urls,
      grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code', 'client_credentials'],
      machine_scopes: ['fleet:read'],
    });
  });

  it('asks for the app’s address among its redirect URLs before forward auth can send players back', async () => {
    await openPage(`/admin/apps/${fleet.id}?tab=sign-in`, {
      'GET /api/admin/apps': reply(200, [portal, { ...fleet, redirect_urls: ['https://fleet.example.test/callback'] }]),
      [`GET /api/admin/apps/${fleet.id}/oidc-client`]: reply(200, client),
    });
    expect(screen.getByText("Add the app's address first")).toBeInTheDocument();
  });

  it('lists the players with a record of their own and changes their access in the row', async () => {
    let status: AppAccessRow['status'] = 'active';
    const { api, user } = await openPage(`/admin/apps/${fleet.id}?tab=access`, {
      [`GET /api/admin/apps/${fleet.id}/access`]: () => reply(200, [{ ...miraRow, status }]),
      [`POST /api/admin/users/${mira.id}/apps/fleet/suspend`]: () => {
        status = 'suspended';
        return reply(200, accessAnswer(status));
      },
    });
    const players = await screen.findByRole('table', { name: 'Players' });
    const row = within(players).getByRole('row', { name: /Mira Solan/ });
    expect(within(row).getByRole('link', { name: 'Mira Solan' })).toHaveAttribute('href', `/admin/users/${mira.id}`);
    expect(within(row).getByText('active')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Grant Mira Solan access to Fleet Ops' })).toBeDisabled();

    await user.click(within(row).getByRole('button', { name: 'Suspend Mira Solan on Fleet Ops' }));
    expect(api.count(`POST /api/admin/users/${mira.id}/apps/fleet/suspend`)).toBe(0);
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Mira Solan on Fleet Ops?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('Access suspended for Mira Solan on Fleet Ops.')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('suspended')).toBeInTheDocument());
    expect(api.count(`GET /api/admin/apps/${fleet.id}/access`)).toBe(2);
  });

  it('checks a player: whether they may open the app and why, with a link to their page', async () => {
    const { api, user } = await openPage(`/admin/apps/${fleet.id}?tab=access`, {
      [`GET /api/admin/apps/${fleet.id}/access`]: reply(200, []),
      [`GET /api/admin/apps/${fleet.id}/player-check`]: reply(200, {
        query: 'mira',
        matches: [
          {
            user_id: mira.id,
            uid: mira.uid,
            name: 'Mira Solan',
            decision: { allowed: false, source: 'suspended', reason: 'Suspended: an admin suspended the player on this app.' },
          },
        ],
      }),
    });
    const card = within(await screen.findByRole('region', { name: 'Check a player' }));
    await user.type(card.getByRole('textbox', { name: 'Player' }), 'mira');
    await user.click(card.getByRole('button', { name: 'Check' }));

    const found = await card.findByRole('list', { name: 'Players matching mira' });
    expect(within(found).getByRole('link', { name: 'Mira Solan' })).toHaveAttribute('href', `/admin/users/${mira.id}`);
    expect(found).toHaveTextContent('May not open it');
    expect(found).toHaveTextContent('Suspended: an admin suspended the player on this app.');
    expect(api.calls.find((c) => c.path === `/api/admin/apps/${fleet.id}/player-check`)?.url).toContain('player=mira');
  });

  it('revokes only after asking', async () => {
    const { api, user } = await openPage(`/admin/apps/${fleet.id}?tab=access`, {
      [`GET /api/admin/apps/${fleet.id}/access`]: reply(200, [miraRow]),
      [`DELETE /api/admin/users/${mira.id}/apps/fleet/grant`]: reply(200, accessAnswer('revoked')),
    });
    const row = within(await screen.findByRole('table', { name: 'Players' })).getByRole('row', { name: /Mira Solan/ });
    await user.click(within(row).getByRole('button', { name: 'Revoke Mira Solan on Fleet Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    expect(dialog).toHaveTextContent('Mira Solan can no longer open Fleet Ops until access is granted again.');
    expect(api.count(`DELETE /api/admin/users/${mira.id}/apps/fleet/grant`)).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Access revoked for Mira Solan on Fleet Ops.')).toBeInTheDocument();
  });

  it('gives one more player access; without a player picked it says so at the button and focuses the field', async () => {
    const { api, user } = await openPage(`/admin/apps/${fleet.id}?tab=access`, {
      [`GET /api/admin/apps/${fleet.id}/access`]: reply(200, []),
      'GET /api/admin/users': reply(200, [mira]),
      [`POST /api/admin/users/${mira.id}/apps/fleet/grant`]: reply(200, accessAnswer('active')),
    });
    expect(await screen.findByText('No player has a grant, suspension or revocation of their own here yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Give access' }));
    const summary = await screen.findByRole('status', { name: '1 field needs a change' });
    expect(summary).toHaveTextContent('Player: Pick the player to give access to.');
    expect(screen.getByRole('combobox', { name: 'Player' })).toHaveFocus();

    await user.type(screen.getByRole('combobox', { name: 'Player' }), 'Mira');
    await user.click(await screen.findByRole('option', { name: 'Mira Solan (1:100002)' }));
    expect(screen.queryByRole('status', { name: '1 field needs a change' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText('Access granted to Mira Solan (1:100002) on Fleet Ops.')).toBeInTheDocument();
    expect(api.count(`POST /api/admin/users/${mira.id}/apps/fleet/grant`)).toBe(1);
  });

  it("lists the app's audit events on Activity", async () => {
    const { api } = await openPage(`/admin/apps/${fleet.id}?tab=activity`, {
      'GET /api/admin/audit': reply(200, { events: [], next_cursor: null }),
    });
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
    const asked = new URL(api.calls.find((c) => c.path === '/api/admin/audit')!.url);
    expect(asked.searchParams.get('app')).toBe('fleet');
  });

  it('keeps the chosen tab in the URL', async () => {
    const { user, search } = await openPage(`/admin/apps/${fleet.id}`, {
      'GET /api/admin/audit': reply(200, { events: [], next_cursor: null }),
    });
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(search()).toBe('?tab=activity');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(search()).toBe('');
  });

  it('shows the portal without Sign-in and Access: it is the provider and admits every player', async () => {
    await openPage(`/admin/apps/${portal.id}`);
    expect(tabNames()).toEqual(['Details', 'Activity']);
  });

  it('says when the app is not in the catalog', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/apps': reply(200, [portal]) });
    renderApp(`/admin/apps/${fleet.id}`);
    expect(await screen.findByText('No such app')).toBeInTheDocument();
  });
});
