import type { Deps } from '../../deps.ts';
import { isStorableId } from './ids.ts';
import { recordDevicePoll } from './queries/device-polls.ts';

/** RFC 8628 §3.2: a device that is told no interval polls every 5 seconds; §3.5: 5 seconds more after each slow_down. */
export const DEVICE_POLL_INTERVAL_S = 5;
const SLOW_DOWN_STEP_S = 5;

/**
 * A device polls the token endpoint with its device code: the seconds it must now wait between
 * polls when this poll came too soon after the last (answer slow_down), or null when it may go on.
 * Kept in PostgreSQL beside the code, so polls spread over replicas are counted together.
 */
export async function devicePollTooSoon(
  deps: Pick<Deps, 'db' | 'clock'>,
  clientId: string,
  deviceCode: string | null,
): Promise<number | null> {
  if (!deviceCode || !isStorableId(deviceCode)) return null;
  const poll = await recordDevicePoll(deps.db, { id: deviceCode, clientId }, deps.clock.now(), {
    firstS: DEVICE_POLL_INTERVAL_S,
    stepS: SLOW_DOWN_STEP_S,
  });
  return poll?.too_soon ? poll.interval_s : null;
}
