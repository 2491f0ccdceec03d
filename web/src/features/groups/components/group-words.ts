import { formatCount, type AddedMembers, type GroupJoining, type RosterStatus } from '@portal/contract';
import { formatTimeAgo } from '@/lib/format-date-time.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export const membersCount = (n: number) => plural(n, 'member');
export const appsCount = (n: number) => (n === 0 ? 'None' : plural(n, 'app'));
export const managersCount = (n: number) => (n === 0 ? 'None' : formatCount(n));

/** How players come into a group an admin keeps, in a word or two. */
export const JOINING_LABEL: Record<GroupJoining, string> = { closed: 'Closed', request: 'On request', open: 'Open' };

/** The sentence every faction group carries: its members are the game's. */
export const GAME_KEEPS = 'The game keeps this faction’s members: they change when players join or leave it in SWCombine.';

/** When a faction's member list was last read: 'Read 3 minutes ago', 'Never read'. */
export function rosterReadWords(roster: RosterStatus, now: Date): string {
  return roster.read_at ? `Read ${formatTimeAgo(roster.read_at, now)}` : 'Never read';
}

/** What a bulk add did, in words: 'Added 3 players to Fleet Ops (2 new to the portal); 1 was already in it.' */
export function addedSentence({ added, already, new_users }: AddedMembers, group: string): string {
  const alreadyWords = `${plural(already, 'player')} ${already === 1 ? 'was' : 'were'} already in ${added === 0 ? group : 'it'}`;
  if (added === 0) return `No one added: ${alreadyWords}.`;
  const newWords = new_users > 0 ? ` (${new_users} new to the portal, added as ${new_users === 1 ? 'a user' : 'users'})` : '';
  return `Added ${plural(added, 'player')} to ${group}${newWords}${already > 0 ? `; ${alreadyWords}` : ''}.`;
}
