import type { AccountEvent, AccountNotice } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { ACCESS_CHANGE_EVENTS, isAccessChange, NOT_THE_PLAYERS, playerEventSentence } from '../../domain/account-words.ts';
import { deviceOf } from '../../domain/user-agent.ts';
import { listOwnEvents, listUnseenEvents, markNoticesSeen, type OwnEventRow } from './queries/account.ts';

/** Events the player did in their own browser: where from is theirs to see (not an admin's, nor an app server's). */
const FROM_THE_PLAYERS_BROWSER = new Set([
  'login',
  'login_denied',
  'logout',
  'session_signed_out',
  'other_sessions_signed_out',
  'app_disconnected',
  'oidc_authorized',
  'automation_token_enabled',
  'automation_token_disabled',
  'swc_consent_granted',
  'swc_consent_revoked',
]);

function toAccountEvent(row: OwnEventRow): AccountEvent {
  const fromPlayer = !row.by_admin && FROM_THE_PLAYERS_BROWSER.has(row.event);
  return {
    at: row.created_at.toISOString(),
    event: row.event,
    sentence: playerEventSentence(row),
    app_name: row.app_name,
    ip: fromPlayer ? row.ip : null,
    device: fromPlayer && row.user_agent ? deviceOf(row.user_agent).name : null,
  };
}

/** What changed for the player: their own events, newest first, a page at a time. */
export async function ownEvents(
  deps: Pick<Deps, 'db'>,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: AccountEvent[]; total: number }> {
  const { rows, total } = await listOwnEvents(deps.db, userId, NOT_THE_PLAYERS, limit, offset);
  return { rows: rows.map(toAccountEvent), total };
}

const MAX_NOTICES = 5;

/** The changes to the player's access since they last dismissed the notices, newest first (the latest five). */
export async function ownNotices(deps: Pick<Deps, 'db'>, userId: string): Promise<AccountNotice[]> {
  const rows = await listUnseenEvents(deps.db, userId, ACCESS_CHANGE_EVENTS, 50);
  return rows
    .filter(isAccessChange)
    .slice(0, MAX_NOTICES)
    .map((row) => ({ at: row.created_at.toISOString(), event: row.event, sentence: playerEventSentence(row) }));
}

/** The player dismissed the notices up to `until`: a change after it still shows. */
export async function noticesSeen(deps: Pick<Deps, 'db' | 'clock'>, userId: string, until: string): Promise<void> {
  await markNoticesSeen(deps.db, userId, new Date(until), deps.clock.now());
}
