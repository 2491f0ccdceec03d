import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

describe('admin guard', () => {
  it('redirects a non-admin from /admin to /dashboard', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(app.lastNavigation()).toBe('REPLACE');
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });

  it('lets a user with admin in the roles list in', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin) });
    const app = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin');
  });

  it('lets a user whose single role field is admin in', async () => {
    stubFetch({ 'GET /api/me': reply(200, { ...player, role: 'admin', roles: [] }) });
    renderApp('/admin');

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument());
  });
});
