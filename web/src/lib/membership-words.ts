import type { MembershipSource } from '@portal/contract';
import { formatTimeAgo } from './format-date-time.ts';

/** How a player came to be in a group, in words. */
export const SOURCE_WORDS: Record<MembershipSource, string> = {
  admin: 'Added by an admin',
  'sign-in': 'At sign-in',
  roster: 'Faction roster',
  manager: 'Added by a manager',
  joined: 'Joined an open group',
  approved: 'Request approved',
};

/** 'Left 2 hours ago': a player the game says left a faction, still counted while a rule's grace period lasts. */
export function leftWords(leftAt: string, now: Date): string {
  return `Left ${formatTimeAgo(leftAt, now)}`;
}
