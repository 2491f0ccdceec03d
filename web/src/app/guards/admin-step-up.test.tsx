import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const stepUp = (body: object) => reply(200, body);

describe('the admin console with ADMIN_PASSKEY=required', () => {
  it('asks an admin with a passkey to confirm it’s them, and shows no admin screen before', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/me/admin-console': stepUp({ passkey_required: true, confirmed_until: null, has_passkey: true }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with a passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('tells an admin without a passkey to add one, with the Add a passkey button', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/me/admin-console': stepUp({ passkey_required: true, confirmed_until: null, has_passkey: false }),
      'GET /api/me/passkeys': reply(200, { passkeys: [], can_add_until: null, confirm_first: false }),
    });
    const app = renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a passkey to use the admin console' })).toBeInTheDocument();
    // The SWCombine sign-in is not fresh: the button says how to make it so.
    await app.user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(screen.getByRole('link', { name: 'Sign in with SWCombine again' }).getAttribute('href')).toMatch(
      /\/auth\/login\?aud=portal&rd=.*%2Faccount&prompt=login$/,
    );
  });

  it('opens once a passkey was used lately', async () => {
    stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/me/admin-console': stepUp({ passkey_required: true, confirmed_until: '2099-01-01T00:00:00.000Z', has_passkey: true }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
  });

  it('says so when what the console needs cannot be read', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/me/admin-console': errorReply(500, 'internal_error', 'Something went wrong') });
    renderApp('/admin');
    expect(await screen.findByText('Failed to load the admin console.')).toBeInTheDocument();
  });
});
