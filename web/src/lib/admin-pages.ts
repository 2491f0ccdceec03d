/** The admin console's lists and the pages of one app, one user and one group, optionally opened on one of their tabs. */
export const APP_CATALOG = { label: 'App Catalog', to: '/admin/apps' } as const;
export const USERS = { label: 'Users', to: '/admin/users' } as const;
export const GROUPS = { label: 'Groups', to: '/admin/groups' } as const;

const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${encodeURIComponent(tab)}` : path);

export const appPagePath = (id: string, tab?: string) => withTab(`/admin/apps/${encodeURIComponent(id)}`, tab);
export const userPagePath = (id: string, tab?: string) => withTab(`/admin/users/${encodeURIComponent(id)}`, tab);
export const groupPagePath = (id: string) => `/admin/groups/${encodeURIComponent(id)}`;
