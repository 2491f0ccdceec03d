import type { DataKind } from '@portal/contract';

/** Galaxy rows: their parent and coordinates come only from a detail answer (or, for planets and stations, their system's). */
export const GALAXY_KINDS: readonly DataKind[] = ['sectors', 'systems', 'planets', 'stations'];
/** Entity types: their class comes only from a detail answer. */
export const TYPE_KINDS: readonly DataKind[] = ['ships', 'vehicles', 'facilities', 'items', 'droids', 'weapons'];
