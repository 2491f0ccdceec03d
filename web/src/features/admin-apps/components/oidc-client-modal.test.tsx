import type { OidcClient } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, adminApp } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const portal = adminApp({ id: '00000000-0000-4000-8000-000000000001', key: 'portal', name: 'Portal' });
const wiki = adminApp({ id: '00000000-0000-4000-8000-000000000002', key: 'wiki', name: 'Wiki' });
const CLIENT = `/api/admin/apps/${wiki.id}/oidc-client`;
const SECRET = `/api/admin/apps/${wiki.id}/client-secret`;

const publicClient: OidcClient = {
  client_id: 'wiki',
  client_type: 'public',
  secret_created_at: null,
  discovery_url: 'https://auth.example.test/.well-known/openid-configuration',
  redirect_uris: ['https://wiki.example.test/login/callback'],
};
const confidentialClient: OidcClient = {
  ...publicClient,
  client_type: 'confidential',
  secret_created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
};
const secret = 'Xq3v9J0aB1c2D3e4F5g6H7i8J9k0L1m2N3o4P5q6R7s';

async function openCatalog(routes: Parameters<typeof stubFetch>[0]) {
  const api = stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/admin/apps': reply(200, [portal, wiki]), ...routes });
  const app = renderApp('/admin/apps');
  await within(await screen.findByRole('table', { name: 'Apps' })).findByText('Wiki');
  return { api, ...app };
}

function row(name: string) {
  return within(screen.getByRole('table', { name: 'Apps' })).getByRole('row', { name: new RegExp(name) });
}

async function openDetails(user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(row('Wiki')).getByRole('button', { name: 'OpenID Connect' }));
  const dialog = await screen.findByRole('dialog', { name: 'OpenID Connect: Wiki' });
  await within(dialog).findByText('Client ID');
  return dialog;
}

/** The client type's sentence (its time is an element of its own). */
const clientType = (dialog: HTMLElement) => within(dialog).getByText(/^(Public|Confidential) client — /);

async function closeDetails(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('App Catalog: an app as an OpenID Connect client', () => {
  it('shows the client ID and discovery URL, each copied by its button, the redirect URIs and the client type', async () => {
    const { user } = await openCatalog({ [`GET ${CLIENT}`]: reply(200, publicClient) });
    // The portal is the provider itself, not a client.
    expect(within(row('Portal')).queryByRole('button', { name: 'OpenID Connect' })).not.toBeInTheDocument();

    const dialog = await openDetails(user);

    expect(within(dialog).getByText('wiki')).toBeInTheDocument();
    expect(within(dialog).getByText(publicClient.discovery_url)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy client ID' }));
    expect(await navigator.clipboard.readText()).toBe('wiki');
    await user.click(within(dialog).getByRole('button', { name: 'Copy discovery URL' }));
    expect(await navigator.clipboard.readText()).toBe(publicClient.discovery_url);
    // Where an app asks for the issuer instead.
    await user.click(within(dialog).getByRole('button', { name: 'Copy issuer' }));
    expect(await navigator.clipboard.readText()).toBe('https://auth.example.test');
    expect(within(within(dialog).getByRole('list', { name: 'Redirect URIs' })).getByRole('listitem')).toHaveTextContent(
      'https://wiki.example.test/login/callback',
    );
    expect(within(dialog).getByText('Public client — uses PKCE')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove secret' })).not.toBeInTheDocument();
  });

  it('asks no callback URL of an app that does not sign players in with a code (a device-only bot)', async () => {
    const bot = adminApp({ id: wiki.id, key: 'wiki', name: 'Wiki', grant_types: ['urn:ietf:params:oauth:grant-type:device_code'] });
    stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/admin/apps': reply(200, [portal, bot]),
      [`GET ${CLIENT}`]: reply(200, { ...publicClient, redirect_uris: [] }),
    });
    const { user } = renderApp('/admin/apps');
    await within(await screen.findByRole('table', { name: 'Apps' })).findByText('Wiki');

    const dialog = await openDetails(user);

    expect(within(dialog).getByText(/^None needed: the app does not use Sign-in with a code/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/add the app's callback URL/)).not.toBeInTheDocument();
  });

  it('says how long ago the secret of a confidential client was made', async () => {
    const { user } = await openCatalog({ [`GET ${CLIENT}`]: reply(200, confidentialClient) });

    const dialog = await openDetails(user);

    expect(clientType(dialog)).toHaveTextContent('Confidential client — secret created 3 minutes ago');
  });

  it('shows a new secret once, with a copy button, and not after closing and opening again', async () => {
    const { api, user } = await openCatalog({
      [`GET ${CLIENT}`]: (_call, nth) =>
        reply(200, nth === 0 ? publicClient : { ...confidentialClient, secret_created_at: new Date().toISOString() }),
      [`POST ${SECRET}`]: reply(201, { client_id: 'wiki', client_secret: secret }),
    });
    let dialog = await openDetails(user);

    // A public client has no secret to lose: no question first.
    await user.click(within(dialog).getByRole('button', { name: 'New client secret' }));

    const box = await within(dialog).findByRole('status', { name: /New client secret/ });
    expect(within(box).getByText(secret)).toBeInTheDocument();
    expect(box).toHaveTextContent('Copy it now: it will not be shown again.');
    expect(box).toHaveFocus();
    await user.click(within(box).getByRole('button', { name: 'Copy client secret' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(api.count(`POST ${SECRET}`)).toBe(1);
    await waitFor(() => expect(clientType(dialog)).toHaveTextContent('Confidential client — secret created just now'));

    await closeDetails(user, dialog);
    dialog = await openDetails(user);

    expect(within(dialog).queryByText(secret)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: /New client secret/ })).not.toBeInTheDocument();
    expect(clientType(dialog)).toHaveTextContent('Confidential client — secret created just now');
    expect(api.count(`POST ${SECRET}`)).toBe(1);
  });

  it('asks before replacing a secret, since the old one stops working', async () => {
    const { api, user } = await openCatalog({
      [`GET ${CLIENT}`]: reply(200, confidentialClient),
      [`POST ${SECRET}`]: reply(201, { client_id: 'wiki', client_secret: secret }),
    });
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('button', { name: 'New client secret' }));
    let question = within(dialog).getByRole('alert');
    expect(question).toHaveTextContent('Replace the client secret?');
    expect(question).toHaveTextContent('The current secret stops working at once');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.count(`POST ${SECRET}`)).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'New client secret' }));
    question = within(dialog).getByRole('alert');
    await user.click(within(question).getByRole('button', { name: 'Replace secret' }));

    expect(await within(dialog).findByText(secret)).toBeInTheDocument();
    expect(api.count(`POST ${SECRET}`)).toBe(1);
    // Another new one would replace this one: it asks again.
    await user.click(within(dialog).getByRole('button', { name: 'New client secret' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Replace the client secret?');
  });

  it('removes the secret after confirming: the app is a public client again', async () => {
    const { api, user } = await openCatalog({
      [`GET ${CLIENT}`]: (_call, nth) => reply(200, nth === 0 ? confidentialClient : publicClient),
      [`DELETE ${SECRET}`]: reply(204),
    });
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('button', { name: 'Remove secret' }));
    const question = within(dialog).getByRole('alert');
    expect(question).toHaveTextContent('Remove the client secret?');
    expect(question).toHaveTextContent('Wiki becomes a public client again and must use PKCE; the tokens issued to it end now.');
    await user.click(within(question).getByRole('button', { name: 'Remove secret' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Wiki is a public client again.');
    expect(api.count(`DELETE ${SECRET}`)).toBe(1);
    expect(await within(dialog).findByText('Public client — uses PKCE')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove secret' })).not.toBeInTheDocument();
  });

  it("shows a refusal inside the dialog with the server's message", async () => {
    const { user } = await openCatalog({
      [`GET ${CLIENT}`]: reply(200, confidentialClient),
      [`DELETE ${SECRET}`]: errorReply(404, 'not_found', 'Wiki has no client secret: it is already a public client.'),
    });
    const dialog = await openDetails(user);

    await user.click(within(dialog).getByRole('button', { name: 'Remove secret' }));
    await user.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Remove secret' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not remove the client secret');
    expect(alert).toHaveTextContent('Wiki has no client secret: it is already a public client.');
  });

  it('offers Try again when the client cannot be read', async () => {
    const { api, user } = await openCatalog({
      [`GET ${CLIENT}`]: (_call, nth) => (nth === 0 ? errorReply(403, 'forbidden', 'Admins only.') : reply(200, publicClient)),
    });
    await user.click(within(row('Wiki')).getByRole('button', { name: 'OpenID Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'OpenID Connect: Wiki' });

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the client details');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await within(dialog).findByText('Public client — uses PKCE')).toBeInTheDocument();
    expect(api.count(`GET ${CLIENT}`)).toBe(2);
  });
});
