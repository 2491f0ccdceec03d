import type { SyncDetailsBacklog } from '@portal/contract';
import { timeLeft } from './time-left.ts';

const count = new Intl.NumberFormat();

/** "details: 1,204 of 2,401, about 2 h left", or "details: all 2,401". */
export function detailsLine(details: SyncDetailsBacklog, now?: Date): string {
  if (details.rows === 0) return 'no rows yet';
  if (details.filled >= details.rows) return `details: all ${count.format(details.rows)}`;
  const left = details.completeAt ? timeLeft(details.completeAt, now) : 'waiting for the request budget';
  return `details: ${count.format(details.filled)} of ${count.format(details.rows)}, ${left}`;
}
