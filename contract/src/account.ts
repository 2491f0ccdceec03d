import { z } from 'zod';
import { wholeNumber } from './admin-users.ts';
import { DeviceKind } from './device.ts';
import { GroupKind } from './groups.ts';

/** One live session of the signed-in player: where it was opened, and whether it is this browser's. */
export const AccountSession = z.object({
  sid: z.string(),
  /** The browser and system read from the user agent: "Firefox on Android", "Unknown browser". */
  device: z.string(),
  device_kind: DeviceKind,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  signed_in_at: z.string(),
  last_used_at: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessionList = z.array(AccountSession);

/** A scope an app holds, and what it lets the app do, in words. */
const ScopeInWords = z.object({ scope: z.string(), words: z.string() });
type ScopeInWords = z.infer<typeof ScopeInWords>;

/** An OpenID Connect app holding a grant for the player. */
export const ConnectedApp = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  scopes: z.array(ScopeInWords),
  /** When the player first signed in to it (the grant's start). */
  since: z.string(),
  /** When it last got a token for the player; null when none is left on record. */
  last_used_at: z.string().nullable(),
  /** It holds a refresh token (offline_access): it can act while the player is away. */
  offline: z.boolean(),
});
export type ConnectedApp = z.infer<typeof ConnectedApp>;

/** An app that may trade its token for the player's SWCombine token (token exchange). */
const TokenExchangeApp = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  /** When it last did; null when never. */
  last_used_at: z.string().nullable(),
});
type TokenExchangeApp = z.infer<typeof TokenExchangeApp>;

export const ConnectedApps = z.object({
  oidc: z.array(ConnectedApp),
  token_exchange: z.object({
    /** Whether the SWC automation token is on: without it no app may act on SWCombine for the player. */
    automation_token_enabled: z.boolean(),
    apps: z.array(TokenExchangeApp),
  }),
});
export type ConnectedApps = z.infer<typeof ConnectedApps>;

/** What admitted the player to an app. */
export const OpenVia = z.enum(['grant', 'group', 'faction', 'bypass', 'global_admin']);
export type OpenVia = z.infer<typeof OpenVia>;

/** An app the player may open, and why in the player's words ("through your faction Galactic Weapon Systems"). */
export const OpenApp = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  via: OpenVia,
  /** The group or faction that admits the player (via 'group' or 'faction'). */
  group: z.string().nullable(),
  why: z.string(),
  /** The end of a grace period after the player left the group that still admits them. */
  until: z.string().nullable(),
});
export type OpenApp = z.infer<typeof OpenApp>;

/** An app the player cannot open, whose access rules admit the members of groups the player is not in. */
export const AskableApp = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  groups: z.array(z.object({ name: z.string(), kind: GroupKind })),
  why: z.string(),
  /**
   * "Ask for access": the group that would admit the player and that they may join at once (`open`) or ask to join
   * (`request`); `pending` when they already asked. Null when no such group admits them.
   */
  join: z.object({ group_id: z.string(), group_name: z.string(), joining: z.enum(['open', 'request']), pending: z.boolean() }).nullable(),
  /** Who to ask when no group may be joined: "Ask Talia Dorne (manages Fleet Ops) or an admin". */
  ask_whom: z.string(),
});
export type AskableApp = z.infer<typeof AskableApp>;

export const AppsWhy = z.object({ open: z.array(OpenApp), askable: z.array(AskableApp) });
export type AppsWhy = z.infer<typeof AppsWhy>;

/** One event of the player's own, in the player's words. */
export const AccountEvent = z.object({
  at: z.string(),
  event: z.string(),
  sentence: z.string(),
  app_name: z.string().nullable(),
  /** Where the player did it from; null for what an admin or the portal did. */
  ip: z.string().nullable(),
  device: z.string().nullable(),
});
export type AccountEvent = z.infer<typeof AccountEvent>;
export const AccountEventList = z.array(AccountEvent);

/** GET /api/me/events: newest first, `limit` from `offset`; the total is in X-Total-Count. */
export const AccountEventsQuery = z.object({
  limit: wholeNumber('limit', 1, 100).default(20),
  offset: wholeNumber('offset', 0, 1_000_000_000).default(0),
});

/** A change to the player's access not yet seen: shown on the dashboard until dismissed. */
export const AccountNotice = z.object({ at: z.string(), event: z.string(), sentence: z.string() });
export type AccountNotice = z.infer<typeof AccountNotice>;
export const AccountNotices = z.object({ notices: z.array(AccountNotice) });
export type AccountNotices = z.infer<typeof AccountNotices>;

/** The player has seen the notices up to `until` (the newest shown): a later one still shows. */
export const NoticesSeenInput = z.object({
  until: z.iso.datetime({ offset: true, error: 'until must be a date and time such as 2026-11-22T12:00:00Z' }),
});
