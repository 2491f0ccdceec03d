import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { dashboardApp, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const dashboardLoaded = vi.hoisted(() => vi.fn());
vi.mock('./routes/dashboard.tsx', async (importOriginal) => {
  dashboardLoaded();
  return importOriginal();
});

describe('router', () => {
  it("downloads the screen's code while /api/me is still running, not after it", async () => {
    const me = deferred();
    stubFetch({ 'GET /api/me': me.route, 'GET /api/apps': reply(200, []) });
    renderApp('/dashboard');

    await waitFor(() => expect(dashboardLoaded).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    me.resolve(reply(200, player));
    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
    expect(dashboardLoaded).toHaveBeenCalledTimes(1);
  });

  it("asks for the dashboard's apps together with /api/me, not after it, and only once", async () => {
    const me = deferred();
    const api = stubFetch({ 'GET /api/me': me.route, 'GET /api/apps': reply(200, [dashboardApp({ id: 'fleet', name: 'Fleet Ops' })]) });
    renderApp('/dashboard');

    await waitFor(() => expect(api.count('GET /api/apps')).toBe(1));
    expect(api.count('GET /api/me')).toBe(1);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    me.resolve(reply(200, player));
    expect(await screen.findByRole('link', { name: /^Fleet Ops/ })).toBeInTheDocument();
    expect(api.count('GET /api/apps')).toBe(1);
    expect(api.count('GET /api/me')).toBe(1);
  });

  it('does not ask /api/me again when the apps asked alongside it answer 401 after it', async () => {
    const apps = deferred();
    const api = stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Not signed in'), 'GET /api/apps': apps.route });
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'Login with SWCombine' })).toBeInTheDocument();
    expect(api.count('GET /api/apps')).toBe(1);
    apps.resolve(errorReply(401, 'unauthorized', 'Not signed in'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.visited()).toEqual(['/dashboard', '/login']);
    expect(api.count('GET /api/me')).toBe(1);
  });
});
