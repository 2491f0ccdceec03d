import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const GRANTED = { scopes: ['character_auth', 'character_location', 'character_read'], needsReauthorization: [], grantGone: false };
const AUTHORIZE_URL = 'https://swc.example.test/ws/oauth2/auth/?state=x';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

const granted = () => within(screen.getByRole('list', { name: 'Granted scopes' }));

describe('/swc/consents', () => {
  it('shows the granted scopes as chips; the sign-in scopes cannot be revoked and say why', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/swc/consents': reply(200, GRANTED) });
    renderApp('/swc/consents');

    expect(await screen.findByRole('heading', { name: 'SWC Consents' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Granted scopes' });
    expect(
      granted()
        .getAllByRole('listitem')
        .map((chip) => chip.textContent?.split('revoke')[0]),
    ).toEqual(GRANTED.scopes);
    expect(granted().getByRole('button', { name: 'revoke character_auth' })).toBeDisabled();
    expect(granted().getByRole('button', { name: 'revoke character_read' })).toBeDisabled();
    expect(granted().getByRole('button', { name: 'revoke character_location' })).toBeEnabled();
    expect(
      screen.getByText('character_auth and character_read sign you in to the platform, so they cannot be revoked here.'),
    ).toBeInTheDocument();
  });

  it('revokes a scope with DELETE and shows what the server answers', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/consents': (_c, nth) => reply(200, nth === 0 ? GRANTED : { ...GRANTED, scopes: ['character_auth', 'character_read'] }),
      'DELETE /api/swc/consents/character_location': reply(200, { ...GRANTED, scopes: ['character_auth', 'character_read'] }),
    });
    const app = renderApp('/swc/consents');

    await app.user.click(await screen.findByRole('button', { name: 'revoke character_location' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'revoke character_location' })).not.toBeInTheDocument());
    expect(api.count('DELETE /api/swc/consents/character_location')).toBe(1);
  });

  it('Add splits the field on whitespace and sends the browser to SWCombine; nothing happens without a scope', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/consents': reply(200, GRANTED),
      'POST /api/swc/authorize': reply(200, { authorize_url: AUTHORIZE_URL }),
    });
    const app = renderApp('/swc/consents');

    const field = await screen.findByRole('textbox', { name: 'extra scopes' });
    await app.user.type(field, '   ');
    await app.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(api.count('POST /api/swc/authorize')).toBe(0);

    await app.user.type(field, ' messages_read\tCHARACTER_STATS  ');
    await app.user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ scopes: ['character_stats', 'messages_read'] });
  });

  it('starts authorization at once with the scopes in the URL', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/consents': reply(200, GRANTED),
      'POST /api/swc/authorize': reply(200, { authorize_url: AUTHORIZE_URL }),
    });
    renderApp('/swc/consents?scopes=character_stats+messages_read');

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(api.count('POST /api/swc/authorize')).toBe(1);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ scopes: ['character_stats', 'messages_read'] });
  });

  it("says 'Failed to load scopes' when the list fails", async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/swc/consents': errorReply(500, 'internal_error', 'Database down') });
    renderApp('/swc/consents');
    expect(await screen.findByText('Failed to load scopes')).toBeInTheDocument();
  });

  it("says 'Failed to start authorization' when POST /api/swc/authorize fails", async () => {
    stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/consents': reply(200, GRANTED),
      'POST /api/swc/authorize': errorReply(400, 'bad_request', 'body.scopes.0: scope may only hold letters, digits and "_"'),
    });
    const app = renderApp('/swc/consents');
    await app.user.type(await screen.findByRole('textbox', { name: 'extra scopes' }), 'bad-scope');
    await app.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to start authorization')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a lost grant and re-authorizes the scopes it held', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/consents': reply(200, { scopes: [], needsReauthorization: ['character_auth', 'character_read'], grantGone: true }),
      'POST /api/swc/authorize': reply(200, { authorize_url: AUTHORIZE_URL }),
    });
    const app = renderApp('/swc/consents');

    expect(
      await screen.findByText('SWCombine no longer accepts the permissions you granted; sign in again or re-authorize.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No scopes granted.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Re-authorize' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ scopes: ['character_auth', 'character_read'] });
  });

  it('lists the scopes a revoked grant left to grant again', async () => {
    stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/consents': reply(200, {
        scopes: [],
        needsReauthorization: ['character_auth', 'character_read', 'character_stats'],
        grantGone: false,
      }),
    });
    renderApp('/swc/consents');
    const pending = await screen.findByRole('list', { name: 'Scopes to grant again' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['character_auth', 'character_read', 'character_stats']);
    expect(screen.getByText('Needs re-authorization')).toBeInTheDocument();
  });
});
