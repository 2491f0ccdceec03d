import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmedNext } from '@/features/passkeys/components/confirm-for-app.tsx';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player, testUuid } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const key = { id: testUuid(1), name: 'Mira’s key', added_at: '2026-01-01T00:00:00.000Z', last_used_at: null };
const list = (passkeys: object[]) => reply(200, { passkeys, can_add_until: null, confirm_first: passkeys.length > 0 });

describe('/confirm-passkey: an app that requires a passkey sent the player here', () => {
  it("asks a player with a passkey to confirm it's them", async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/me/passkeys': list([key]) });
    renderApp('/confirm-passkey?next=%2Foidc%2Finteraction%2Fabc');
    expect(await screen.findByRole('heading', { level: 1, name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByText(/The app you are opening needs a passkey used in this session/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with a passkey' })).toBeInTheDocument();
  });

  it('asks a player without one to add a passkey first', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/me/passkeys': list([]) });
    renderApp('/confirm-passkey?next=%2Foidc%2Finteraction%2Fabc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a passkey to open this app' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('goes on only to the portal’s own sign-in steps, never to an address a link made up', () => {
    expect(confirmedNext('/oidc/interaction/abc-1_2')).toBe('/oidc/interaction/abc-1_2');
    expect(confirmedNext('/auth/login?aud=wiki&rd=https%3A%2F%2Fwiki.example.com%2F')).toBe(
      '/auth/login?aud=wiki&rd=https%3A%2F%2Fwiki.example.com%2F',
    );
    expect(confirmedNext('https://evil.example/')).toBe('/dashboard');
    expect(confirmedNext('//evil.example/auth/login?')).toBe('/dashboard');
    expect(confirmedNext(null)).toBe('/dashboard');
  });
});
