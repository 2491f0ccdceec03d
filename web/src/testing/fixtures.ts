import type { CurrentUser, DashboardApp, RuntimeConfig } from '@portal/contract';

export const testConfig: RuntimeConfig = {
  authBaseUrl: 'https://auth.example.test',
  integrationBaseUrl: 'https://integration.example.test',
  simulator: false,
  version: '0.0.0-test',
};

export const player: CurrentUser = {
  id: 'u-2',
  uid: '1:100002',
  name: 'Mira Solan',
  image: 'https://img.example.test/mira.png',
  race: 'Human',
  faction: 'Galactic Weapon Systems',
  role: 'user',
  roles: ['user'],
  email: null,
};

export const admin: CurrentUser = {
  ...player,
  id: 'u-1',
  uid: '1:100001',
  name: 'Jorin Vex',
  role: 'user',
  roles: ['user', 'admin'],
  email: 'jorin@example.test',
};

export function dashboardApp(overrides: Partial<DashboardApp> & Pick<DashboardApp, 'id' | 'name'>): DashboardApp {
  return {
    key: overrides.id,
    icon: null,
    url: `https://${overrides.id}.example.test/`,
    description: null,
    phase: null,
    phaseDesc: null,
    phaseColor: null,
    progress: null,
    ...overrides,
  };
}
