import { SWC_BINDING_SCOPES } from '@portal/contract';

/** Ticked before anything is known about the binding. */
export const INITIAL_TICKS: readonly string[] = ['CHARACTER_AUTH', 'CHARACTER_READ'];

/** The offered scopes a binding holds, in the screen's spelling (SWCombine answers them lowercase). */
export function ticksFromGranted(granted: readonly string[]): string[] {
  const held = new Set(granted.map((s) => s.toLowerCase()));
  return SWC_BINDING_SCOPES.filter((s) => held.has(s.toLowerCase()));
}
