import type { GalaxyMap } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const MAP = 'GET /api/admin/radiant/galaxy-map';
const galaxy: GalaxyMap = {
  sectors: [
    ['25:1', 'Core'],
    ['25:2', 'Rim'],
  ],
  systems: [
    ['9:1', 'Alpha', 0, 0, 0],
    ['9:2', 'Beta', 40, 0, 0],
    ['9:3', 'Gamma', 0, 40, 0],
    ['9:4', 'Delta', 300, -200, 1],
  ],
  systemsPending: 2,
  entities: [
    ['2:1', 'Vengeance', 0, 40, 2],
    ['3:1', 'Crawler', 0, 40, 2],
  ],
  entitiesUnplaced: 0,
};

function open(answer: GalaxyMap = galaxy) {
  const api = stubFetch({ 'GET /api/me': reply(200, admin), [MAP]: reply(200, answer) });
  return { api, app: renderApp('/admin/radiant-mgmt/map') };
}

// jsdom draws nothing: the map's canvas has no context here, and everything else still runs.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => vi.restoreAllMocks());

describe('/admin/radiant-mgmt/map', () => {
  it('draws the galaxy on one canvas, with what it holds and what is not on it yet', async () => {
    const { api } = open();
    expect(await screen.findByRole('img', { name: /^Galaxy map: 4 systems\./ })).toBeInTheDocument();
    expect(screen.getByText('4 systems')).toBeInTheDocument();
    expect(screen.getByText('2 sectors outlined')).toBeInTheDocument();
    expect(screen.getByText('2 faction inventory entities at 1 systems')).toBeInTheDocument();
    expect(screen.getByText('Not on the map yet: 2 systems whose details (coordinates) are pending.')).toBeInTheDocument();
    expect(api.count(MAP)).toBe(1);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('centres the map on a system found by name: it stands in the middle with its name, sector and holdings', async () => {
    const { app } = open();
    const search = await screen.findByRole('combobox', { name: 'Find a system' });

    await app.user.type(search, 'gam');
    await app.user.click(await screen.findByRole('option', { name: 'Gamma' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Centred on Gamma at 0, 40');
    const card = screen.getByTestId('system-card');
    expect(within(card).getByText('Gamma')).toBeInTheDocument();
    expect(within(card).getByText('Core · 0, 40')).toBeInTheDocument();
    expect(within(card).getByText('2 entities: 1 ship, 1 vehicle')).toBeInTheDocument();
    // Before a layout the canvas counts as 800 × 560: the card sits just off its middle, (400, 280).
    expect(card.style.transform).toMatch(/^translate\(412px, 292px\) /);
  });

  it('finds a system by its whole UID too', async () => {
    const { app } = open();
    await app.user.type(await screen.findByRole('combobox', { name: 'Find a system' }), '9:4');
    await app.user.click(await screen.findByRole('option', { name: 'Delta' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Centred on Delta at 300, -200');
  });

  it('says when no system has coordinates yet, because their details are pending', async () => {
    open({ ...galaxy, systems: [], entities: [], systemsPending: 2401 });
    expect(await screen.findByText('2,401 systems are stored, but their coordinates (details) are pending.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Galaxy map/ })).not.toBeInTheDocument();
  });
});
