import { SWC_BINDING_SCOPES } from '@portal/contract';

/** Ticked before anything is known about the binding. */
export const INITIAL_TICKS: readonly string[] = ['CHARACTER_AUTH', 'CHARACTER_READ'];

/** The offered scopes a binding holds, in the screen's spelling (SWCombine answers them lowercase). */
export function ticksFromGranted(granted: readonly string[]): string[] {
  const held = new Set(granted.map((s) => s.toLowerCase()));
  return SWC_BINDING_SCOPES.filter((s) => held.has(s.toLowerCase()));
}

/** What a scope lets the portal do, where its name does not say it (under its box). */
export const SCOPE_HINTS: Partial<Record<(typeof SWC_BINDING_SCOPES)[number], string>> = {
  faction_members:
    "Reads the faction's member list on a schedule, so its faction group follows who joins and leaves in the game (and access given through it with them).",
};
