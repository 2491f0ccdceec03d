import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../sessions/session.ts';

/** How long one answer of whether SWCombine answers is reused: the dashboard asks on every visit. */
const REACH_CACHE_MS = 60_000;
const lastReach = new WeakMap<object, { at: number; reachable: boolean }>();

async function swcReachable(deps: Pick<Deps, 'swc' | 'clock'>): Promise<boolean> {
  const now = deps.clock.now().getTime();
  const known = lastReach.get(deps.swc);
  if (known && now - known.at < REACH_CACHE_MS) return known.reachable;
  const reachable = await deps.swc.reachable();
  lastReach.set(deps.swc, { at: now, reachable });
  return reachable;
}

/**
 * The dashboard's one line after a passkey sign-in while SWCombine does not answer: what the player
 * sees is what SWCombine last said. Null after a SWCombine sign-in, or when SWCombine answers.
 */
export async function signInNote(deps: Pick<Deps, 'swc' | 'clock'>, auth: AuthContext): Promise<{ note: string | null }> {
  if (auth.session.swc_signed_in_at !== null || (await swcReachable(deps))) return { note: null };
  return { note: 'SWCombine could not be reached: your profile, groups and factions are the ones it last gave.' };
}
