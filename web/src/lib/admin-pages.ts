/** The admin console's lists and the pages of one app, one user and one group, optionally opened on one of their tabs. */
export const APP_CATALOG = { label: 'App Catalog', to: '/admin/apps' } as const;
export const USERS = { label: 'Users', to: '/admin/users' } as const;
export const GROUPS = { label: 'Groups', to: '/admin/groups' } as const;

const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${encodeURIComponent(tab)}` : path);

export const appPagePath = (id: string, tab?: string) => withTab(`/admin/apps/${encodeURIComponent(id)}`, tab);
export const userPagePath = (id: string, tab?: string) => withTab(`/admin/users/${encodeURIComponent(id)}`, tab);
export const groupPagePath = (id: string) => `/admin/groups/${encodeURIComponent(id)}`;

/** The query parameter that opens an app's Access tab with a new rule for one group, to set and save there. */
export const ADD_GROUP_PARAM = 'add_group';
/** An app's Access tab with a rule for `groupId` added, unsaved (the preview comes before Save). */
export const ruleForGroupPath = (appId: string, groupId: string) =>
  `${appPagePath(appId, 'access')}&${ADD_GROUP_PARAM}=${encodeURIComponent(groupId)}`;
