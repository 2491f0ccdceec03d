/** Where the admin sub-pages lead back to. */
export const ADMIN_PANEL = { label: 'Admin Panel', to: '/admin' } as const;
