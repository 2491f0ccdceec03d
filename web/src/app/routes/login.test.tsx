import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const signedOut = { 'GET /api/me': errorReply(401, 'unauthorized', 'Not signed in') };

describe('/login', () => {
  it('welcomes the user and sends the browser to the auth service with aud=portal and the encoded dashboard URL', async () => {
    const api = stubFetch(signedOut);
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome to the Industry Alignment Management Platform' })).toBeInTheDocument();
    expect(screen.getByText('Please login with your SWCombine Account')).toBeInTheDocument();
    const button = screen.getByRole('link', { name: 'Login with SWCombine' });
    const rd = encodeURIComponent(`${window.location.origin}/dashboard`);
    expect(button).toHaveAttribute('href', `https://auth.example.test/auth/login?aud=portal&rd=${rd}`);
    expect(new URL(button.getAttribute('href')!).searchParams.get('rd')).toBe(`${window.location.origin}/dashboard`);
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/me']));
  });

  it('offers Sign in with a passkey second, below the unchanged Login with SWCombine', async () => {
    stubFetch(signedOut);
    renderApp('/login');

    const swc = await screen.findByRole('link', { name: 'Login with SWCombine' });
    const passkey = screen.getByRole('button', { name: 'Sign in with a passkey' });
    expect(swc.compareDocumentPosition(passkey) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says in words when the server refuses the passkey, and stays on /login', async () => {
    stubFetch({
      ...signedOut,
      'POST /api/sign-in/passkey/options': errorReply(
        429,
        'rate_limited',
        'Too many sign-ins were started from this address. Try again in 1 minute.',
      ),
    });
    const app = renderApp('/login');

    await app.user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Too many sign-ins were started from this address. Try again in 1 minute.')).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('sends a signed-in user on to /dashboard instead of showing a sign-in page', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
    expect(app.visited()).toEqual(['/login', '/dashboard']);
    expect(app.lastNavigation()).toBe('REPLACE');
  });

  it('shows the sign-in page at once, without waiting for the session check', async () => {
    const me = deferred();
    stubFetch({ 'GET /api/me': me.route });
    const app = renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Login with SWCombine' })).toBeInTheDocument();
    me.resolve(errorReply(401, 'unauthorized', 'Not signed in'));
    await waitFor(() => expect(app.queryClient.getQueryState(['me'])?.status).toBe('error'));
    expect(app.pathname()).toBe('/login');
    expect(screen.getByText('Please login with your SWCombine Account')).toBeInTheDocument();
  });

  it('uses the same origin when authBaseUrl is empty', async () => {
    stubFetch(signedOut);
    renderApp('/login', { authBaseUrl: '' });

    const button = await screen.findByRole('link', { name: 'Login with SWCombine' });
    expect(button.getAttribute('href')).toMatch(/^\/auth\/login\?aud=portal&rd=http%3A%2F%2F/);
  });

  it('shows the simulator notice when SWCombine is simulated', async () => {
    stubFetch(signedOut);
    renderApp('/login', { simulator: true });

    expect(await screen.findByText('SWCombine simulator')).toBeInTheDocument();
  });
});
