import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub.ts';
import { renderApp } from '@/testing/render-app.tsx';

describe('/login', () => {
  it('welcomes the user and sends the browser to the auth service with aud=portal and the encoded dashboard URL', async () => {
    const api = stubFetch({});
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome to the Industry Alignment Management Platform' })).toBeInTheDocument();
    expect(screen.getByText('Please login with your SWCombine Account')).toBeInTheDocument();
    const button = screen.getByRole('link', { name: 'Login with SWCombine' });
    const rd = encodeURIComponent(`${window.location.origin}/dashboard`);
    expect(button).toHaveAttribute('href', `https://auth.example.test/auth/login?aud=portal&rd=${rd}`);
    expect(new URL(button.getAttribute('href')!).searchParams.get('rd')).toBe(`${window.location.origin}/dashboard`);
    expect(api.calls).toHaveLength(0);
  });

  it('uses the same origin when authBaseUrl is empty', async () => {
    stubFetch({});
    renderApp('/login', { authBaseUrl: '' });

    const button = await screen.findByRole('link', { name: 'Login with SWCombine' });
    expect(button.getAttribute('href')).toMatch(/^\/auth\/login\?aud=portal&rd=http%3A%2F%2F/);
  });

  it('shows the simulator notice when SWCombine is simulated', async () => {
    stubFetch({});
    renderApp('/login', { simulator: true });

    expect(await screen.findByText('SWCombine simulator')).toBeInTheDocument();
  });
});
