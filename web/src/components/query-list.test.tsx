import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { PHONE_QUERY } from '@/lib/use-phone-layout.ts';
import { renderScreen } from '@/testing/render-app.tsx';
import { QueryList, type Column, type ListQuery } from './query-list.tsx';

interface Ship {
  id: string;
  name: string;
  hull: string;
}

const columns: Column<Ship>[] = [
  { label: 'Name', card: 'title', cell: (ship) => ship.name },
  { label: 'Hull', cell: (ship) => ship.hull },
  { label: 'Actions', card: 'actions', hideLabel: true, cell: (ship) => <button type="button">Board {ship.name}</button> },
];

const ships: Ship[] = [
  { id: '1', name: 'Kestrel', hull: 'YT-1300' },
  { id: '2', name: 'Wayfarer', hull: 'Action VI' },
];

function query(overrides: Partial<ListQuery<Ship>>): ListQuery<Ship> {
  return { data: undefined, error: null, isPending: true, isError: false, refetch: vi.fn(), ...overrides };
}

function renderList(q: ListQuery<Ship>, onRowClick?: (ship: Ship) => void) {
  return renderScreen(
    <QueryList
      query={q}
      columns={columns}
      rowKey={(ship) => ship.id}
      label="Ships"
      errorTitle="Failed to load ships"
      loadingLabel="Loading ships..."
      empty="No ships in the hangar."
      cardLabel={(ship) => ship.name}
      onRowClick={onRowClick}
    />,
  );
}

describe('QueryList', () => {
  it("shows the error with the server's message and a Try again that reads the rows again", async () => {
    const refetch = vi.fn();
    const { user } = renderList(
      query({ isPending: false, isError: true, error: new ApiError(403, 'forbidden', 'You do not have the admin role.'), refetch }),
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load ships');
    expect(alert).toHaveTextContent('You do not have the admin role.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows only the title when the failure carries no message of the server', () => {
    renderList(query({ isPending: false, isError: true, error: new ApiError(502, 'unexpected_answer', 'Bad Gateway') }));

    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to load shipsTry again$/);
  });

  it('says the server could not be reached when no answer came at all', () => {
    renderList(query({ isPending: false, isError: true, error: new ApiError(0, 'network_error', 'The server could not be reached.') }));

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load ships');
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached.');
  });

  it('says it is loading, then the empty text, and no table for either', () => {
    const view = renderList(query({}));
    expect(screen.getByRole('status')).toHaveTextContent('Loading ships...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    view.unmount();

    renderList(query({ isPending: false, data: [] }));
    expect(screen.getByText('No ships in the hangar.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the rows as a named table on a wide screen', () => {
    renderList(query({ isPending: false, data: ships }));

    const table = screen.getByRole('table', { name: 'Ships' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Hull', 'Actions']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Kestrel', 'YT-1300', 'Board Kestrel'],
      ['Wayfarer', 'Action VI', 'Board Wayfarer'],
    ]);
  });

  it('shows every column on a phone: one card per row with the title, labelled values and actions', () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ ...matchMedia(q), matches: q === PHONE_QUERY }));
    renderList(query({ isPending: false, data: ships }));

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Ships' })).getByRole('listitem', { name: 'Wayfarer' });
    expect(within(card).getByText('Wayfarer')).toBeInTheDocument();
    expect(within(card).getByText('Hull')).toBeInTheDocument();
    expect(within(card).getByRole('definition')).toHaveTextContent('Action VI');
    expect(within(card).getByRole('button', { name: 'Board Wayfarer' })).toBeInTheDocument();
  });

  it('opens a row from anywhere on its phone card, as from anywhere on its table row, but not from its own buttons', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ ...matchMedia(q), matches: q === PHONE_QUERY }));
    const opened = vi.fn();
    const { user } = renderList(query({ isPending: false, data: ships }), opened);

    const card = within(screen.getByRole('list', { name: 'Ships' })).getByRole('listitem', { name: 'Wayfarer' });
    await user.click(within(card).getByText('Action VI'));
    expect(opened).toHaveBeenCalledExactlyOnceWith(ships[1]);

    await user.click(within(card).getByRole('button', { name: 'Board Wayfarer' }));
    expect(opened).toHaveBeenCalledOnce();
  });
});
