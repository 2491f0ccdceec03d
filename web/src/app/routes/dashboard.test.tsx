import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, dashboardApp, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const fleet = dashboardApp({
  id: 'fleet',
  name: 'Fleet Ops',
  icon: '🚀',
  description: 'Plan and track fleet movements.',
  phase: 'Beta',
  phaseDesc: 'Open to all members',
  progress: 40,
});
const market = dashboardApp({
  id: 'market',
  name: 'Market Watch',
  description: 'Prices across the galaxy.',
  phase: 'Alpha',
  phaseDesc: 'Testers only',
  phaseColor: 'teal',
  progress: 75,
});
const noProgress = dashboardApp({ id: 'mine', name: 'Mining Log', phase: 'Planned', phaseDesc: 'Designing', progress: null });
const noDesc = dashboardApp({ id: 'crafts', name: 'Crafting', phase: 'Live', phaseDesc: null, progress: 100 });

function card(name: string) {
  return screen.getByRole('link', { name: new RegExp(`^${name}`) });
}

describe('/dashboard', () => {
  it('shows one link card per app with icon, name and description, pointing at the app url', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, [fleet, market]) });
    renderApp('/dashboard');

    await screen.findByText('Fleet Ops');
    const fleetCard = card('Fleet Ops');
    expect(fleetCard).toHaveAttribute('href', 'https://fleet.example.test/');
    expect(within(fleetCard).getByText('Plan and track fleet movements.')).toBeInTheDocument();
    expect(within(fleetCard).getByText('🚀')).toBeInTheDocument();
    expect(card('Market Watch')).toHaveAttribute('href', 'https://market.example.test/');
  });

  it('cards are reachable with the keyboard', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, [fleet]) });
    const app = renderApp('/dashboard');

    await screen.findByText('Fleet Ops');
    const target = card('Fleet Ops');
    for (let i = 0; i < 5 && document.activeElement !== target; i++) await app.user.tab();
    expect(target).toHaveFocus();
  });

  it('shows phase, description and a progress bar only when phase, phaseDesc and progress are all present', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, [fleet, market, noProgress, noDesc]) });
    renderApp('/dashboard');
    await screen.findByText('Fleet Ops');

    const fleetBar = within(card('Fleet Ops')).getByRole('progressbar');
    expect(within(card('Fleet Ops')).getByText('Beta')).toBeInTheDocument();
    expect(within(card('Fleet Ops')).getByText('Open to all members')).toBeInTheDocument();
    expect(fleetBar).toHaveAttribute('aria-valuenow', '40');
    // The bar says "Beta: 40%" to a screen reader; the figure beside the badge is for the eye, so it is not said twice.
    expect(fleetBar).toHaveAccessibleName('Beta: 40%');
    expect(within(card('Fleet Ops')).getByText('40%')).toHaveAttribute('aria-hidden', 'true');
    expect(fleetBar.style.getPropertyValue('--progress-section-size')).toBe('40%');
    expect(fleetBar.style.getPropertyValue('--progress-section-color')).toContain('blue');

    const marketBar = within(card('Market Watch')).getByRole('progressbar');
    expect(marketBar).toHaveAttribute('aria-valuenow', '75');
    expect(marketBar.style.getPropertyValue('--progress-section-color')).toContain('teal');

    for (const name of ['Mining Log', 'Crafting']) {
      expect(within(card(name)).queryByRole('progressbar')).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Planned')).not.toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });

  it('shows an empty list, not an error, when /api/apps fails', async () => {
    const api = stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': errorReply(403, 'forbidden', 'Nope') });
    const app = renderApp('/dashboard');

    expect(await screen.findByText('No apps yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
    expect(api.count('GET /api/apps')).toBe(1);
    expect(app.pathname()).toBe('/dashboard');
  });

  it('shows a friendly empty state when there are no apps', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    renderApp('/dashboard');

    expect(await screen.findByText('No apps yet')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /example\.test/ })).toHaveLength(0);
  });

  it('tells an admin with no apps to add one in the App Catalog, not to ask an administrator', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/apps': reply(200, []) });
    renderApp('/dashboard');

    expect(await screen.findByText('No apps yet')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'App Catalog' })).toHaveAttribute('href', '/admin/apps');
    expect(screen.queryByText(/Ask an administrator/)).not.toBeInTheDocument();
  });

  it('sends credentials with every call to the auth service base URL', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/apps': reply(200, [fleet]),
      'GET /api/me/notices': reply(200, { notices: [] }),
    });
    renderApp('/dashboard');
    await screen.findByText('Fleet Ops');
    await waitFor(() => expect(api.count('GET /api/me/notices')).toBe(1));
    await waitFor(() => expect(api.count('GET /api/me/sign-in-note')).toBe(1));

    expect(api.calls.map((c) => [c.url, c.credentials])).toEqual([
      ['https://auth.example.test/api/me', 'include'],
      ['https://auth.example.test/api/apps', 'include'],
      ['https://auth.example.test/api/me/notices', 'include'],
      ['https://auth.example.test/api/me/sign-in-note', 'include'],
    ]);
  });
});

describe('/dashboard: a change to your access', () => {
  const left = {
    at: '2026-11-22T12:00:00.000Z',
    event: 'group_left',
    sentence: 'Your access to Fleet Ops ended: you left Galactic Weapon Systems',
  };
  const granted = { at: '2026-11-22T11:00:00.000Z', event: 'access_granted', sentence: 'An admin gave you access to Wiki' };

  it('is told above the apps the first time, and counts as seen up to the newest', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/apps': reply(200, [fleet]),
      'GET /api/me/notices': reply(200, { notices: [left] }),
      'POST /api/me/notices/seen': reply(204),
    });
    renderApp('/dashboard');

    expect(await screen.findByText('Your access changed')).toBeInTheDocument();
    expect(screen.getByText('Your access to Fleet Ops ended: you left Galactic Weapon Systems.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what changed on Your account' })).toHaveAttribute('href', '/account');
    await waitFor(() => expect(api.count('POST /api/me/notices/seen')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ until: left.at });
  });

  it('lists several changes, and Dismiss takes the notice away', async () => {
    stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/apps': reply(200, [fleet]),
      'GET /api/me/notices': reply(200, { notices: [left, granted] }),
      'POST /api/me/notices/seen': reply(204),
    });
    const app = renderApp('/dashboard');

    expect(await screen.findByText('Your access changed 2 times')).toBeInTheDocument();
    expect(screen.getByText('An admin gave you access to Wiki.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your access changed 2 times')).not.toBeInTheDocument();
    expect(screen.getByText('Fleet Ops')).toBeInTheDocument();
  });

  it('shows nothing when there is no change, or the notices cannot be read', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, [fleet]), 'GET /api/me/notices': errorReply(500) });
    renderApp('/dashboard');
    await screen.findByText('Fleet Ops');
    expect(screen.queryByText(/Your access changed/)).not.toBeInTheDocument();
  });
});
