import type { DataViewRow, DataViewRowsPage } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { reply, stubFetch, type Reply, type StubCall } from '@/testing/fetch-stub.ts';
import { admin, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const ROWS = 'GET /api/admin/radiant/data/systems';
const SEEN = '2026-11-22T12:00:00.000Z';
const GONE = '2026-11-23T08:00:00.000Z';

const row = (overrides: Partial<DataViewRow> & Pick<DataViewRow, 'uid' | 'name'>): DataViewRow => ({
  parentUid: null,
  parentName: null,
  x: null,
  y: null,
  typeUid: null,
  typeName: null,
  className: null,
  ownerUid: null,
  firstSeenAt: SEEN,
  lastSeenAt: SEEN,
  goneAt: null,
  detailsPending: false,
  ...overrides,
});

const alpha = row({ uid: '9:1', name: 'Alpha', parentUid: '25:1', parentName: 'Core', x: 12.5, y: -40 });
const pending = row({ uid: '9:2', name: 'Beta', detailsPending: true });
const gone = row({ uid: '9:3', name: 'Gamma', parentUid: '25:1', parentName: 'Core', x: 1, y: 2, goneAt: GONE });
const page = (items: DataViewRow[], total = items.length): DataViewRowsPage => ({ items, total });

type Routes = Record<string, Reply | ((call: StubCall, nth: number) => Reply)>;
function open(path: string, routes: Routes, user: object = admin) {
  const api = stubFetch({ 'GET /api/me': reply(200, user), ...routes });
  return { api, app: renderApp(path) };
}
const queryOf = (call: StubCall) => Object.fromEntries(new URL(call.url).searchParams);
const rowsCalls = (api: { calls: StubCall[] }, path = '/api/admin/radiant/data/systems') =>
  api.calls.filter((c) => c.path === path).map(queryOf);
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
const cells = (name: string) => within(rowOf(name)).getAllByRole('cell');

afterEach(() => vi.restoreAllMocks());

describe('/admin/radiant-mgmt/data', () => {
  it("lists a target's rows with parent, coordinates, class, when seen and gone; 'details pending' where they are not read yet", async () => {
    open('/admin/radiant-mgmt/data?target=systems', { [ROWS]: reply(200, page([alpha, pending, gone])) });

    const table = await screen.findByRole('table', { name: 'Stored systems' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'UID', 'Parent', 'Coordinates', 'Class / type', 'First seen', 'Last seen', 'Gone', 'Raw answer']);
    expect(cells('Alpha').map((c) => c.textContent)).toEqual([
      'Alpha',
      '9:1',
      'Core25:1',
      '12.5, -40',
      '-',
      formatDateTime(SEEN),
      formatDateTime(SEEN),
      '-',
      '',
    ]);
    expect(cells('Beta')[2]).toHaveTextContent('details pending');
    expect(cells('Beta')[3]).toHaveTextContent('details pending');
    expect(cells('Gamma')[7]).toHaveTextContent(`gone${formatDateTime(GONE)}`);
    expect(screen.getByText("1 on this page wait for their details: they show 'details pending' until read.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Synced data' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Radiant Management' }),
    ).toHaveAttribute('href', '/admin/radiant-mgmt');
  });

  it('searches by name or UID on the server and pages through the total', async () => {
    const many = Array.from({ length: 25 }, (_, i) => row({ uid: `9:${i + 1}`, name: `System ${i + 1}` }));
    const { api, app } = open('/admin/radiant-mgmt/data?target=systems', {
      [ROWS]: (call) => reply(200, queryOf(call).q ? page([alpha], 1) : page(many, 60)),
    });
    expect(await screen.findByText('1–25 of 60')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(rowsCalls(api).at(-1)).toEqual({ limit: '25', offset: '50', gone: 'any' });

    await app.user.type(screen.getByRole('searchbox', { name: 'Search systems' }), 'alp');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(rowsCalls(api).at(-1)).toEqual({ limit: '25', offset: '0', gone: 'any', q: 'alp' });
  });

  it('shows only gone rows when asked', async () => {
    const { api, app } = open('/admin/radiant-mgmt/data?target=systems', {
      [ROWS]: (call) => reply(200, queryOf(call).gone === 'gone' ? page([gone]) : page([alpha, gone])),
    });
    await screen.findByRole('cell', { name: 'Alpha' });
    await app.user.click(screen.getByRole('radio', { name: 'Gone' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Alpha' })).not.toBeInTheDocument());
    expect(rowsCalls(api).at(-1)).toMatchObject({ gone: 'gone' });
  });

  it("opens a row's raw SWCombine answer, formatted, in a drawer", async () => {
    const raw = { uid: '9:1', name: 'Alpha', coordinates: { galaxy: { attributes: { x: 12.5, y: -40 } } } };
    const { api, app } = open('/admin/radiant-mgmt/data?target=systems', {
      [ROWS]: reply(200, page([alpha, pending])),
      'GET /api/admin/radiant/data/systems/9%3A1': reply(200, { ...alpha, raw }),
    });
    await screen.findByRole('cell', { name: 'Alpha' });
    expect(api.count('GET /api/admin/radiant/data/systems/9%3A1')).toBe(0);

    await app.user.click(screen.getByRole('button', { name: 'Raw SWCombine answer of Alpha' }));

    const drawer = await screen.findByRole('dialog', { name: 'Alpha' });
    const code = await within(drawer).findByLabelText('Raw SWCombine answer');
    expect(code.textContent).toBe(JSON.stringify(raw, null, 2));
    expect(within(drawer).getByText('Core')).toBeInTheDocument();
  });

  it('switches the target in the address, starting from its first page', async () => {
    const { api, app } = open('/admin/radiant-mgmt/data?target=systems', {
      [ROWS]: reply(200, page([alpha])),
      'GET /api/admin/radiant/data/planets': reply(200, page([row({ uid: '8:1', name: 'Aurek', className: 'Desert' })])),
    });
    await screen.findByRole('cell', { name: 'Alpha' });

    await app.user.click(screen.getAllByLabelText('Target')[0]!);
    await app.user.click(await screen.findByRole('option', { name: 'planets' }));

    expect(await screen.findByRole('table', { name: 'Stored planets' })).toBeInTheDocument();
    expect(cells('Aurek')[4]).toHaveTextContent('Desert');
    expect(app.search()).toBe('?target=planets');
    expect(rowsCalls(api, '/api/admin/radiant/data/planets')).toEqual([{ limit: '25', offset: '0', gone: 'any' }]);
  });

  it('tells a player without the admin role so and asks for no rows', async () => {
    const { api } = open('/admin/radiant-mgmt/data?target=systems', {}, player);
    expect(await screen.findByText('You do not have the admin role.')).toBeInTheDocument();
    expect(api.count(ROWS)).toBe(0);
  });
});
