import type { DataKind } from '@portal/contract';

/** Galaxy rows: their parent and coordinates come only from a detail answer (or, for planets and stations, their system's). */
export const GALAXY_KINDS: readonly DataKind[] = ['sectors', 'systems', 'planets', 'stations'];
/** Entity types: their class comes only from a detail answer. */
export const TYPE_KINDS: readonly DataKind[] = ['ships', 'vehicles', 'facilities', 'items', 'droids', 'weapons'];

/**
 * Whether a stored row still lacks what only its detail answer gives: galaxy rows without coordinates,
 * types without a class. Factions, classes and inventory come whole from their lists.
 */
export function detailsPending(kind: DataKind, row: { x: number | null; className: string | null }): boolean {
  if (GALAXY_KINDS.includes(kind)) return row.x === null;
  if (TYPE_KINDS.includes(kind)) return row.className === null;
  return false;
}
