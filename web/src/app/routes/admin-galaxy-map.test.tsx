import type { GalaxyMap } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  /** Centres on Gamma, so it stands at the canvas's middle, (400, 280) before a layout. */
  async function centreOnGamma(app: ReturnType<typeof open>['app']) {
    await app.user.type(await screen.findByRole('combobox', { name: 'Find a system' }), 'gam');
    await app.user.click(await screen.findByRole('option', { name: 'Gamma' }));
    await screen.findByText(/^Centred on Gamma/);
    return { canvas: screen.getByRole('img', { name: /^Galaxy map/ }), card: screen.getByTestId('system-card') };
  }
  const pointer = (pointerId: number, clientX: number, clientY: number, pointerType = 'touch') => ({
    pointerId,
    clientX,
    clientY,
    pointerType,
  });

  it('moves the galaxy with a drag', async () => {
    const { app } = open();
    const { canvas, card } = await centreOnGamma(app);

    fireEvent.pointerDown(canvas, pointer(1, 400, 280, 'mouse'));
    fireEvent.pointerMove(canvas, pointer(1, 370, 300, 'mouse'));
    fireEvent.pointerMove(canvas, pointer(1, 340, 320, 'mouse'));
    fireEvent.pointerUp(canvas, pointer(1, 340, 320, 'mouse'));

    // Gamma moved with the pointer, 60 px left and 40 px down; its card with it.
    await waitFor(() => expect(card.style.transform).toMatch(/^translate\(352px, 332px\) /));
    expect(card).toHaveTextContent('Gamma');
  });

  it('zooms with a pinch about the point between the fingers', async () => {
    const { app } = open();
    const { canvas, card } = await centreOnGamma(app);

    fireEvent.pointerDown(canvas, pointer(1, 100, 280));
    fireEvent.pointerDown(canvas, pointer(2, 300, 280));
    fireEvent.pointerMove(canvas, pointer(1, 0, 280));
    fireEvent.pointerMove(canvas, pointer(2, 400, 280));
    fireEvent.pointerUp(canvas, pointer(1, 0, 280));
    fireEvent.pointerUp(canvas, pointer(2, 400, 280));

    // The fingers spread from 200 to 400 px about x = 200: twice the zoom, so Gamma (at 400) goes to 200 + 2 × 200.
    await waitFor(() => expect(card.style.transform).toMatch(/^translate\(588px, 292px\) translate\(-100%/));
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
