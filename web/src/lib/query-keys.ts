import type { DataKind, RowState, SyncTarget } from '@portal/contract';

/**
 * Every TanStack Query key of the app. Keys nest: invalidating a prefix (say `adminUsers.all`) refreshes
 * everything under it, so a change names the smallest prefix that covers what it touched.
 */
export interface RowListParams {
  q: string;
  gone: RowState;
  limit: number;
  offset: number;
}

export interface UserListParams {
  q: string;
  limit: number;
  offset: number;
}

const adminUsers = ['admin', 'users'] as const;
const userDetail = (userId: string) => [...adminUsers, 'detail', userId] as const;
const serviceJwts = ['admin', 'service-jwts'] as const;
const syncPrefix = ['admin', 'sync'] as const;
const activity = ['admin', 'activity'] as const;
const groups = ['admin', 'groups'] as const;
const account = ['account'] as const;
const manage = ['manage'] as const;
const discord = ['admin', 'discord'] as const;

export const queryKeys = {
  me: ['me'] as const,
  /** The dashboard's apps: those the signed-in user may open. */
  dashboardApps: ['apps'] as const,
  /** The whole catalog, as the admin screens read it. */
  adminApps: ['admin', 'apps'] as const,
  /** One app as an OpenID Connect client; under the catalog, so an edit of the app (its redirect URLs) reads it again. */
  oidcClient: (appId: string) => ['admin', 'apps', appId, 'oidc-client'] as const,
  adminUsers: {
    all: adminUsers,
    lists: [...adminUsers, 'list'] as const,
    list: (params: UserListParams) => [...adminUsers, 'list', params] as const,
    /** One user's details: access rows, sessions, audit and per-app status all sit under it. */
    detail: userDetail,
    access: (userId: string) => [...userDetail(userId), 'access'] as const,
    sessions: (userId: string) => [...userDetail(userId), 'sessions'] as const,
    connectedApps: (userId: string) => [...userDetail(userId), 'connected-apps'] as const,
    audit: (userId: string) => [...userDetail(userId), 'audit'] as const,
    accessStatus: (userId: string, appKey: string) => [...userDetail(userId), 'apps', appKey] as const,
    /** One user, for their page. */
    user: (userId: string) => [...userDetail(userId), 'user'] as const,
    /** The players with an access record on one app (its page's Access tab), by the app's key. */
    appAccess: (appKey: string) => [...adminUsers, 'app-access', appKey] as const,
    /** The groups a user is in. */
    groups: (userId: string) => [...userDetail(userId), 'groups'] as const,
    /** A user's passkeys. */
    passkeys: (userId: string) => [...userDetail(userId), 'passkeys'] as const,
  },
  groups: {
    /** Every group and faction with its counts: a change to a group or its members refreshes all of it. */
    all: groups,
    list: [...groups, 'list'] as const,
    /** One page of a group's members (search and paging). */
    members: (groupId: string, params: UserListParams) => [...groups, groupId, 'members', params] as const,
    membersOf: (groupId: string) => [...groups, groupId, 'members'] as const,
    managers: (groupId: string) => [...groups, groupId, 'managers'] as const,
    /** The requests waiting in one group, as an admin reads them. */
    requests: (groupId: string) => [...groups, groupId, 'requests'] as const,
  },
  /** A manager's groups and the requests waiting in them: a change to either refreshes both. */
  manage: {
    all: manage,
    groups: [...manage, 'groups'] as const,
    requests: [...manage, 'requests'] as const,
  },
  /** An app's access rules; under the catalog, so a deleted app drops them too. */
  accessRules: (appId: string) => ['admin', 'apps', appId, 'access-rules'] as const,
  centralGrants: (userId: string, appId: string) => ['admin', 'consents', userId, appId] as const,
  serviceJwts: {
    /** Also the prefix of every service-JWT mutation key, so the screen can tell when one is running. */
    all: serviceJwts,
    rotations: (id: string) => [...serviceJwts, id, 'rotations'] as const,
  },
  /** The player's own account: a sign-out or a Disconnect refreshes what sits under it (the events too). */
  account: {
    all: account,
    sessions: [...account, 'sessions'] as const,
    connectedApps: [...account, 'connected-apps'] as const,
    appsWhy: [...account, 'apps-why'] as const,
    passkeys: [...account, 'passkeys'] as const,
    /** The player's groups, those they may join, and their requests. */
    groups: [...account, 'groups'] as const,
    events: (page: { limit: number; offset: number }) => [...account, 'events', page] as const,
    /** Not under `account`: a change on the account screen is not news for the dashboard. */
    notices: ['notices'] as const,
  },
  /** The dashboard's line after a passkey sign-in while SWCombine does not answer. */
  signInNote: ['sign-in-note'] as const,
  /** Admin → Discord: the connection, the server's roles and the role rules; a save refreshes all of it. */
  discord: {
    all: discord,
    connection: [...discord, 'connection'] as const,
    roles: [...discord, 'roles'] as const,
    roleRules: [...discord, 'role-rules'] as const,
    /** A player's link, as their user page shows it. */
    userLink: (userId: string) => [...adminUsers, 'detail', userId, 'discord'] as const,
  },
  /** The player's own Discord link. */
  myDiscord: ['me', 'discord'] as const,
  automationToken: ['swc', 'auth-token'] as const,
  /** The player's own SWCombine consents. */
  swcConsents: ['swc', 'consents'] as const,
  /** The admin's SWCombine binding of one tenant and actor. */
  swcBinding: (tenantId: string, actor: string) => ['admin', 'swc', tenantId, actor] as const,
  activity: {
    all: activity,
    /** One page of events: the filters and the cursor it starts from. */
    page: (filters: object, cursor: string | null) => [...activity, 'page', filters, cursor] as const,
    forwarding: [...activity, 'forwarding'] as const,
  },
  sync: {
    /** Sync history and per-target stats: a trigger refreshes both. */
    all: syncPrefix,
    history: (limit: number) => [...syncPrefix, 'history', limit] as const,
    targets: [...syncPrefix, 'targets'] as const,
    schedules: [...syncPrefix, 'schedules'] as const,
    cost: (target: SyncTarget) => [...syncPrefix, 'cost', target] as const,
  },
  /** What the sync stored: under Radiant Management's prefix, so a trigger refreshes it too. */
  storedData: {
    rows: (target: DataKind, params: RowListParams) => [...syncPrefix, 'data', target, params] as const,
    row: (target: DataKind, uid: string) => [...syncPrefix, 'data', target, 'row', uid] as const,
    galaxyMap: [...syncPrefix, 'galaxy-map'] as const,
  },
};
