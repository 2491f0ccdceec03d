import { auditEventLabel } from './audit.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What a sentence reads of an audit row; `user_name` only where the row's user is not already on the screen. */
interface AuditSentenceRow {
  event: string;
  app_key: string | null;
  app_name: string | null;
  actor_name: string | null;
  details: Record<string, unknown>;
  /** The user the event is about (their name, else their UID), named in the sentence when given. */
  user_name?: string | null;
}

interface AuditSentenceOptions {
  /** The screen shows the app beside the sentence (an App column): the sentence leaves it out. */
  appShown?: boolean;
}

/**
 * One audit row as a sentence: what happened and to what, where, to whom, by whom and why.
 * 'Role revoked: staff on Wiki by Jorin Vex', 'Sign-in refused on Wiki (no access granted)';
 * with the user named: 'Access suspended on Wiki for Mira Solan by Jorin Vex', 'Mira Solan: Signed in on Wiki'.
 */
export function auditSentence(row: AuditSentenceRow, { appShown = false }: AuditSentenceOptions = {}): string {
  const details = row.details;
  const left = leftGroupSentence(row);
  if (left) return left;
  const value = text(details.value) ?? text(details.service) ?? text(details.target) ?? text(details.group);
  const via = text(details.via);
  const reason = text(details.reason);
  const app = appShown ? null : (row.app_name ?? row.app_key);
  const user = text(row.user_name);
  // 'Session ended by an admin' names who did it when the row does: not 'ended by an admin by Jorin Vex'.
  let sentence = row.actor_name ? auditEventLabel(row.event).replace(/ by an admin$/, '') : auditEventLabel(row.event);
  if (value) sentence += `: ${value}`;
  if (app) sentence += ` on ${app}`;
  if (via) sentence += ` via ${via}`;
  if (user && row.actor_name) sentence += ` for ${user}`;
  if (row.actor_name) sentence += ` by ${row.actor_name}`;
  if (reason) sentence += ` (${reason})`;
  return user && !row.actor_name ? `${user}: ${sentence}` : sentence;
}

/** "Mira Solan left Galactic Weapon Systems: access to Fleet Ops, Holonet ended". */
function leftGroupSentence(row: AuditSentenceRow): string | null {
  if (row.event !== 'group_left') return null;
  const group = text(row.details.group);
  const ended = Array.isArray(row.details.apps_ended) ? row.details.apps_ended.filter((a): a is string => typeof a === 'string') : [];
  if (!group) return null;
  const who = text(row.user_name) ?? 'The player';
  const sentence = row.details.grace_ended === true ? `${who}'s grace period after leaving ${group} ran out` : `${who} left ${group}`;
  const by = row.actor_name && row.details.by_player !== true ? ` (removed by ${row.actor_name})` : '';
  return ended.length ? `${sentence}${by}: access to ${ended.join(', ')} ended` : `${sentence}${by}`;
}
