import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('session guard', () => {
  it("shows 'Loading...' while /api/me runs, then the screen", async () => {
    const me = deferred();
    stubFetch({ 'GET /api/me': me.route, 'GET /api/apps': reply(200, []) });
    renderApp('/dashboard');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your apps' })).not.toBeInTheDocument();

    me.resolve(reply(200, player));
    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('redirects to /login exactly once on 401, without retrying', async () => {
    const api = stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Not signed in') });
    const app = renderApp('/profile');

    expect(await screen.findByText('Please login with your SWCombine Account')).toBeInTheDocument();
    await settle();
    expect(app.pathname()).toBe('/login');
    expect(app.visited()).toEqual(['/profile', '/login']);
    expect(app.lastNavigation()).toBe('REPLACE');
    expect(api.count('GET /api/me')).toBe(1);
  });

  it('redirects to /login exactly once when /api/me gets no response', async () => {
    const api = stubFetch({ 'GET /api/me': 'network-error' });
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'Login with SWCombine' })).toBeInTheDocument();
    await settle();
    expect(app.visited()).toEqual(['/dashboard', '/login']);
    expect(api.count('GET /api/me')).toBe(1);
  });

  it('shows a retryable error (no redirect) when /api/me answers 500 twice', async () => {
    const api = stubFetch({ 'GET /api/me': errorReply(500, 'internal', 'Boom') });
    const app = renderApp('/dashboard');

    expect(await screen.findByText('We could not check your session', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(api.count('GET /api/me')).toBe(2);
    expect(app.pathname()).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends the user to /login once when another call answers 401 and the session is gone', async () => {
    const api = stubFetch({
      'GET /api/me': (_call, nth) => (nth === 0 ? reply(200, player) : errorReply(401, 'unauthorized', 'Session ended')),
      'GET /api/apps': errorReply(401, 'unauthorized', 'Session ended'),
    });
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'Login with SWCombine' })).toBeInTheDocument();
    await settle();
    expect(app.visited()).toEqual(['/dashboard', '/login']);
    expect(api.count('GET /api/me')).toBe(2);
  });

  it.each(['/nowhere', '/admin/nowhere', '/'])(
    'redirects the unknown path %s to /login once; only /login checks the session',
    async (path) => {
      const api = stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Not signed in') });
      const app = renderApp(path);

      expect(await screen.findByText('Please login with your SWCombine Account')).toBeInTheDocument();
      await settle();
      expect(app.visited()).toEqual([path, '/login']);
      expect(api.count('GET /api/me')).toBe(1);
    },
  );
});
