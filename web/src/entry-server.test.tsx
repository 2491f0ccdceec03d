import type { ServerRenderState } from '@portal/contract';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadRouteCode } from './app/route-preload.ts';
import { appRoutes } from './app/router.tsx';
import { pages, renderPage } from './entry-server.tsx';
import { setRenderedOrigin } from './lib/server-rendered.ts';
import { setRuntimeConfig } from './lib/runtime-config.ts';
import { stubFetch, reply } from './testing/fetch-stub.ts';
import { dashboardApp, player, testConfig } from './testing/fixtures.ts';

const apps = [dashboardApp({ id: 'fleet', name: 'Fleet Tracker' }), dashboardApp({ id: 'market', name: 'Market Watch' })];
const answered = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
const noNotices = { notices: [] };

// React's act() warns unless told it runs in a test (Testing Library's render sets this; hydrateRoot is called directly here).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** Does what main.tsx does with a server-rendered page: the same app takes over the markup; answers the mismatches React reported. */
async function hydratePage(pathname: string, html: string, state: ServerRenderState): Promise<unknown[]> {
  window.history.replaceState(null, '', pathname);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const client = createQueryClient();
  setRuntimeConfig(state.config);
  setRenderedOrigin(state.origin);
  hydrate(client, state.queries as DehydratedState);
  await preloadRouteCode(appRoutes, pathname);
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <App queryClient={client} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  return mismatches;
}

describe('the server render of the first screens', () => {
  it("renders the dashboard's cards from the answers it was handed, and the browser hydrates it without a mismatch or a request", async () => {
    const fetches = stubFetch({});
    const rendered = await renderPage({
      pathname: '/dashboard',
      origin: 'https://portal.example.org',
      config: testConfig,
      answers: {
        '/api/me': answered(player),
        '/api/apps': answered(apps),
        '/api/me/notices': answered(noNotices),
        '/api/me/sign-in-note': answered({ note: null }),
      },
    });
    expect(rendered).not.toBeNull();
    expect(rendered!.html).toContain('Your apps');
    expect(rendered!.html).toContain('Fleet Tracker');
    expect(rendered!.html).toContain('href="https://fleet.example.test/"');
    // The user menu needs the script: it says so until the browser has taken the page over.
    expect(rendered!.html).toMatch(/aria-label="User menu: Mira Solan" aria-disabled="true"/);

    const mismatches = await hydratePage('/dashboard', rendered!.html, JSON.parse(JSON.stringify(rendered!.state)));
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('link', { name: /Market Watch/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'User menu: Mira Solan' })).not.toHaveAttribute('aria-disabled'));
    // The answers came with the page: nothing is asked again.
    expect(fetches.calls).toEqual([]);
  });

  it('renders a change to the access above the cards; hydrated, it is counted seen and nothing else is asked', async () => {
    const fetches = stubFetch({ 'POST /api/me/notices/seen': reply(204) });
    const notice = {
      at: '2026-11-22T12:00:00.000Z',
      event: 'group_left',
      sentence: 'Your access to Fleet Ops ended: you left Galactic Weapon Systems',
    };
    const rendered = await renderPage({
      pathname: '/dashboard',
      origin: 'https://portal.example.org',
      config: testConfig,
      answers: {
        '/api/me': answered(player),
        '/api/apps': answered(apps),
        '/api/me/notices': answered({ notices: [notice] }),
        '/api/me/sign-in-note': answered({ note: null }),
      },
    });
    expect(rendered!.html).toContain('Your access to Fleet Ops ended: you left Galactic Weapon Systems.');

    const mismatches = await hydratePage('/dashboard', rendered!.html, JSON.parse(JSON.stringify(rendered!.state)));
    expect(mismatches).toEqual([]);
    await waitFor(() => expect(fetches.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/me/notices/seen']));
  });

  it('renders /login with the origin the server saw; once hydrated the button names the browser’s own', async () => {
    stubFetch({ 'GET /api/me': reply(401, { error: 'unauthorized', message: 'Sign in first.' }) });
    const rendered = await renderPage({ pathname: '/login', origin: 'https://portal.example.org', config: testConfig, answers: {} });
    expect(rendered!.html).toContain(encodeURIComponent('https://portal.example.org/dashboard'));

    const mismatches = await hydratePage('/login', rendered!.html, rendered!.state);
    expect(mismatches).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Login with SWCombine/ })).toHaveAttribute(
        'href',
        expect.stringContaining(encodeURIComponent(`${window.location.origin}/dashboard`)),
      ),
    );
  });

  it('declines a page whose answers were not all successes, and pages it does not render', async () => {
    const ended = await renderPage({
      pathname: '/dashboard',
      origin: 'https://portal.example.org',
      config: testConfig,
      answers: { '/api/me': { status: 401, body: '{"error":"unauthorized","message":"Sign in first."}' }, '/api/apps': answered(apps) },
    });
    expect(ended).toBeNull();
    expect(await renderPage({ pathname: '/admin', origin: 'https://portal.example.org', config: testConfig, answers: {} })).toBeNull();
  });

  it("asks the server for exactly the dashboard's first requests, and for none on /login", () => {
    expect(pages['/dashboard']).toEqual({ signedIn: true, requests: ['/api/me', '/api/apps', '/api/me/notices', '/api/me/sign-in-note'] });
    expect(pages['/login']).toEqual({ signedIn: false, requests: [] });
  });

  it("never shows one visitor's answers on another's page when renders overlap", async () => {
    const other = { ...player, id: 'u-9', uid: '1:100009', name: 'Tal Korr' };
    const [first, second] = await Promise.all([
      renderPage({
        pathname: '/dashboard',
        origin: 'https://p.example',
        config: testConfig,
        answers: {
          '/api/me': answered(player),
          '/api/apps': answered(apps),
          '/api/me/notices': answered(noNotices),
          '/api/me/sign-in-note': answered({ note: null }),
        },
      }),
      renderPage({
        pathname: '/dashboard',
        origin: 'https://p.example',
        config: testConfig,
        answers: {
          '/api/me': answered(other),
          '/api/apps': answered([]),
          '/api/me/notices': answered(noNotices),
          '/api/me/sign-in-note': answered({ note: null }),
        },
      }),
    ]);
    expect(first!.html).toContain('Mira Solan');
    expect(first!.html).not.toContain('Tal Korr');
    expect(second!.html).toContain('Tal Korr');
    expect(second!.html).not.toContain('Fleet Tracker');
  });
});
