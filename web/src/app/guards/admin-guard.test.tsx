import { SCREEN_PATHS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** Every admin screen but /admin/jwts (a new one is covered as it is added): behind the admin guard, or checking /api/me itself. */
const ADMIN_PATHS = SCREEN_PATHS.filter((path) => path.startsWith('/admin') && path !== '/admin/jwts');

describe('a player at an admin address', () => {
  it.each(ADMIN_PATHS)('sees at %s that they do not have the admin role, stays there, and is offered the dashboard', async (path) => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp(path);

    expect(await screen.findByText('You do not have the admin role.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(app.pathname()).toBe(path);
    expect(app.visited()).toEqual([path]);
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });

  it('reads the refusal first, then who to ask', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    renderApp('/admin/users');

    const heading = await screen.findByRole('heading', { level: 1, name: 'You do not have the admin role.' });
    const hint = screen.getByText('Ask an administrator of the portal if you need the admin console.');
    expect(heading.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('goes back to the dashboard by its link', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/admin/users');

    await app.user.click(await screen.findByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
  });

  it('at /admin/jwts sees the server’s refusal instead: that screen does no client-side role check', async () => {
    stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/admin/service-jwts': errorReply(403, 'forbidden', 'You do not have the admin role.'),
    });
    renderApp('/admin/jwts');

    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the admin role.');
    expect(screen.getByRole('heading', { name: 'Service JWT Management' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the dashboard' })).not.toBeInTheDocument();
  });
});

describe('admin guard', () => {
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
    expect(screen.queryByText('You do not have the admin role.')).not.toBeInTheDocument();
  });
});
