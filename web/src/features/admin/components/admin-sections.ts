import {
  IconActivity,
  IconApps,
  IconBrandDiscord,
  IconKey,
  IconLock,
  IconPlugConnected,
  IconRefresh,
  IconShieldCheck,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';

interface AdminSection {
  label: string;
  to: string;
  description: string;
  /** The title of the page the tile opens, where it is not the tile's own label: the tile names it, so the two are seen as one. */
  page?: string;
  icon: TablerIcon;
}

/** The Admin Panel's tiles, in order. */
export const adminSections: readonly AdminSection[] = [
  { label: 'Manage Apps', to: '/admin/apps', page: 'App Catalog', description: 'Create, edit and remove apps.', icon: IconApps },
  { label: 'Users', to: '/admin/users', description: 'Add users; review their apps, sessions and audit log.', icon: IconUsers },
  {
    label: 'Access Control',
    to: '/admin/access',
    page: 'User App Access',
    description: "Grant, suspend or revoke a user's access to an app.",
    icon: IconLock,
  },
  {
    label: 'SWC Integration',
    to: '/admin/swc',
    page: 'SWCombine Permissions',
    description: 'Connect SWCombine permissions for a tenant and actor.',
    icon: IconPlugConnected,
  },
  {
    label: 'User Consents',
    to: '/admin/consents',
    page: 'Central Consents & Roles',
    description: 'Grant and revoke consent scopes and central roles.',
    icon: IconShieldCheck,
  },
  {
    label: 'Service JWTs',
    to: '/admin/jwts',
    page: 'Service JWT Management',
    description: 'Machine-to-machine JWTs, their secrets and rotation.',
    icon: IconKey,
  },
  {
    label: 'Radiant Management',
    to: '/admin/radiant-mgmt',
    description: 'Trigger data synchronisation and review recent jobs.',
    icon: IconRefresh,
  },
  {
    label: 'Activity',
    to: '/admin/activity',
    description: 'Every sign-in and admin change, searchable; export and forwarding.',
    icon: IconActivity,
  },
  {
    label: 'Groups',
    to: '/admin/groups',
    description: 'Groups of players and the factions the game keeps, for apps’ access rules.',
    icon: IconUsersGroup,
  },
  {
    label: 'Discord',
    to: '/admin/discord',
    description: 'The community’s Discord server: roles and nicknames follow groups and factions.',
    icon: IconBrandDiscord,
  },
];
