import { auditEventLabel, PORTAL_APP_KEY, type OpenVia } from '@portal/contract';
import { graceEndsAt, groupLabel, ruleCounts, type AccessDecision, type RuleMatch } from './access.ts';

/** Words for the player: what each scope an app holds lets it do. */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know who you are (your character’s UID)',
  profile: 'See your character’s name, picture, race and faction',
  email: 'See your email address',
  roles: 'See your roles on this app',
  groups: 'See your groups and your faction',
  offline_access: 'Act while you are away',
};

export function scopeInWords(scope: string): string {
  return SCOPE_WORDS[scope] ?? `Use the permission “${scope}” an admin granted you`;
}

/** Why the player may open an app, in the player's words ("through your faction Galactic Weapon Systems"). */
interface OpenReason {
  via: OpenVia;
  group: string | null;
  why: string;
  until: Date | null;
}

/**
 * The reason the one access rule admitted the player, as they read it; null for a refusal (a
 * suspended, revoked or never-admitted player is not told an app is open to them).
 */
export function openReason(decision: AccessDecision, rules: readonly RuleMatch[], now: Date): OpenReason | null {
  if (!decision.allowed) return null;
  switch (decision.via) {
    case 'portal':
      return null;
    case 'access':
      return { via: 'grant', group: null, why: 'granted by an admin', until: null };
    case 'bypass':
      return { via: 'bypass', group: null, why: 'open to every player', until: null };
    case 'global_admin':
      return { via: 'global_admin', group: null, why: 'as a global admin', until: null };
    case 'group':
    case 'faction': {
      const rule = rules.find((r) => ruleCounts(r, now) && groupLabel(r.group) === decision.source)!;
      const kind = decision.via === 'faction' ? 'faction' : 'group';
      const until = graceEndsAt(rule);
      const why = until
        ? `through your former ${kind} ${rule.group.name}, until its grace period ends`
        : `through your ${kind} ${rule.group.name}`;
      return { via: decision.via, group: rule.group.name, why, until };
    }
  }
}

/** "Open to members of the group Fleet Ops or the faction Galactic Weapon Systems". */
export function askableWhy(groups: readonly { name: string; kind: string }[]): string {
  const named = groups.map((g) => `the ${g.kind === 'faction' ? 'faction' : 'group'} ${g.name}`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named.at(-1)}` : (named[0] ?? '');
  return `Open to members of ${list}`;
}

/**
 * Who a player asks for an app no group they may join admits: "Ask Talia Dorne (manages Fleet Ops) or an admin", or
 * "Ask an admin" when no group that admits them has a manager.
 */
export function askWhom(groups: readonly { id: string; name: string; kind: string }[], managers: ReadonlyMap<string, string[]>): string {
  const asked = groups
    .filter((g) => g.kind === 'custom' && (managers.get(g.id)?.length ?? 0) > 0)
    .map((g) => `${managers.get(g.id)!.join(', ')} (${managers.get(g.id)!.length > 1 ? 'manage' : 'manages'} ${g.name})`);
  return asked.length ? `Ask ${asked.join(', ')} or an admin` : 'Ask an admin of the portal';
}

/** " until 1 December 2026, 18:00 UTC" for a membership with an end date. */
function untilWords(row: PlayerEventRow): string {
  const until = text(row.details.until);
  if (!until || Number.isNaN(Date.parse(until))) return '';
  return ` until ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** What a sentence reads of one of the player's own audit rows. */
interface PlayerEventRow {
  event: string;
  app_key: string | null;
  app_name: string | null;
  details: Record<string, unknown>;
  /** An admin did it (not the player, nor the portal by itself). */
  by_admin: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const and = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

/** The group events that ended access: "Your access to Fleet Ops ended: you left Galactic Weapon Systems". */
function groupEndSentence(row: PlayerEventRow): string | null {
  const group = text(row.details.group);
  if (!group) return null;
  const ended = texts(row.details.apps_ended);
  const cause =
    row.event === 'group_member_removed'
      ? `${row.details.by_manager === true ? `a manager of ${group}` : 'an admin'} removed you from ${group}`
      : row.details.grace_ended === true
        ? `the grace period after you left ${group} ran out`
        : `you left ${group}`;
  if (ended.length) return `Your access to ${and(ended)} ended: ${cause}`;
  return cause.charAt(0).toUpperCase() + cause.slice(1);
}

/** Why an admin's change to rules or groups opened or ended apps for the player. */
function changeCause(row: PlayerEventRow): string {
  if (row.details.cause === 'group_deleted') return `an admin deleted the group ${text(row.details.group) ?? ''}`.trimEnd();
  return 'an admin changed who may open it';
}

/**
 * One of the player's own events as they read it: "You signed in", "An admin gave you access to Wiki",
 * "Your access to Fleet Ops ended: you left Galactic Weapon Systems". Admins are not named to a player.
 */
export function playerEventSentence(row: PlayerEventRow): string {
  const app = row.app_key === PORTAL_APP_KEY ? null : (row.app_name ?? row.app_key);
  const on = app ? ` on ${app}` : '';
  const value = text(row.details.value);
  const reason = text(row.details.reason);
  const because = reason ? ` (${reason})` : '';
  switch (row.event) {
    case 'login':
      return app ? `You signed in to ${app}` : 'You signed in';
    case 'login_denied':
      return `A sign-in${app ? ` to ${app}` : ''} was refused${because}`;
    case 'login_failed':
      return `A sign-in failed${because}`;
    case 'logout':
      return 'You signed out everywhere';
    case 'session_signed_out':
      return `You signed out ${text(row.details.device) ?? 'a device'}`;
    case 'other_sessions_signed_out': {
      const n = Number(row.details.sessions_ended ?? 0);
      return `You signed out everywhere else (${n} ${n === 1 ? 'session' : 'sessions'})`;
    }
    case 'session_ended_by_admin':
      return 'An admin signed out one of your sessions';
    case 'user_added':
      return 'An admin added you to the platform';
    case 'access_granted':
      return `An admin gave you access to ${app ?? 'an app'}`;
    case 'access_suspended':
      return `An admin suspended your access to ${app ?? 'an app'}`;
    case 'access_revoked':
      return `An admin revoked your access to ${app ?? 'an app'}`;
    case 'group_left':
    case 'group_member_removed':
      return groupEndSentence(row) ?? 'You left a group';
    case 'group_member_added': {
      const group = text(row.details.group) ?? 'a group';
      const opened = texts(row.details.apps_opened);
      const who = row.details.by_manager === true ? `A manager of ${group}` : 'An admin';
      return `${who} added you to ${group}${untilWords(row)}${opened.length ? `: you may now open ${and(opened)}` : ''}`;
    }
    case 'group_requested':
      return `You asked to join ${text(row.details.group) ?? 'a group'}`;
    case 'group_request_withdrawn':
      return `You withdrew your request to join ${text(row.details.group) ?? 'a group'}`;
    case 'group_request_approved': {
      const opened = texts(row.details.apps_opened);
      const group = text(row.details.group) ?? 'a group';
      return `Your request to join ${group} was approved${untilWords(row)}${opened.length ? `: you may now open ${and(opened)}` : ''}`;
    }
    case 'group_request_denied':
      return `Your request to join ${text(row.details.group) ?? 'a group'} was denied${reason ? `: ${reason}` : ''}`;
    case 'group_request_expired':
      return `Your request to join ${text(row.details.group) ?? 'a group'} expired: no manager answered in time`;
    case 'group_entered': {
      const opened = texts(row.details.apps_opened);
      return `You joined ${text(row.details.group) ?? 'a group'}${opened.length ? `: you may now open ${and(opened)}` : ''}`;
    }
    case 'group_membership_ended': {
      const ended = texts(row.details.apps_ended);
      const group = text(row.details.group) ?? 'a group';
      return `Your membership of ${group} reached its end date${ended.length ? `: your access to ${and(ended)} ended` : ''}`;
    }
    case 'access_opened':
      return `You may now open ${and(texts(row.details.apps_opened)) || 'an app'}: ${changeCause(row)}`;
    case 'access_ended':
      return `Your access to ${and(texts(row.details.apps_ended)) || 'an app'} ended: ${changeCause(row)}`;
    case 'group_joined':
      return `You joined ${text(row.details.group) ?? 'a faction'}`;
    case 'oidc_authorized':
      return `You signed in to ${app ?? 'an app'} (OpenID Connect)`;
    case 'oidc_refused':
      return `${app ?? 'An app'} could not sign you in${because}`;
    case 'oidc_grant_reused':
      return `A code or refresh token of ${app ?? 'an app'} was used twice: the app was disconnected`;
    case 'app_disconnected':
      return row.by_admin ? `An admin disconnected ${app ?? 'an app'}` : `You disconnected ${app ?? 'an app'}`;
    case 'scope_granted':
      return `An admin granted you the permission ${value ?? ''}${on}`;
    case 'scope_revoked':
      return `An admin revoked your permission ${value ?? ''}${on}`;
    case 'role_granted':
      return `An admin gave you the role ${value ?? ''}${on}`;
    case 'role_revoked':
      return `An admin took the role ${value ?? ''}${on} from you`;
    case 'automation_token_enabled':
      return 'You switched the SWC automation token on';
    case 'automation_token_disabled':
      return 'You switched the SWC automation token off';
    case 'swc_consent_granted':
      return 'You granted SWCombine permissions';
    case 'swc_consent_revoked':
      return `You revoked the SWCombine permission ${text(row.details.scope) ?? ''}`.trim();
    case 'swc_grant_lost':
      return 'SWCombine no longer accepts the permissions you granted';
    case 'swc_token_exchanged':
      return `${app ?? 'An app'} acted on SWCombine for you`;
    default:
      return `${auditEventLabel(row.event)}${on}`;
  }
}

/** The events that may give or end access to an app: the dashboard tells the player of them once. */
export const ACCESS_CHANGE_EVENTS = [
  'access_granted',
  'access_suspended',
  'access_revoked',
  'access_opened',
  'access_ended',
  'group_left',
  'group_member_removed',
  'group_member_added',
  'group_request_approved',
  'group_request_denied',
  'group_request_expired',
  'group_membership_ended',
];

/** Answers to the player's requests and the end of a membership: told even when no app changed. */
const ALWAYS_TOLD = ['group_request_approved', 'group_request_denied', 'group_request_expired', 'group_membership_ended'];

/** Is the event a change that gave or ended access (joining or leaving a group that opens nothing is not)? */
export function isAccessChange(row: Pick<PlayerEventRow, 'event' | 'details'>): boolean {
  if (!ACCESS_CHANGE_EVENTS.includes(row.event)) return false;
  if (ALWAYS_TOLD.includes(row.event)) return true;
  if (row.event === 'group_member_added') return texts(row.details.apps_opened).length > 0;
  return row.event.startsWith('group_') ? texts(row.details.apps_ended).length > 0 : true;
}

/** Events about the portal's own deliveries, not the player's doing nor a change to their access. */
export const NOT_THE_PLAYERS = ['backchannel_logout_delivered', 'backchannel_logout_failed'] as const;
