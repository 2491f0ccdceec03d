import type { AdminUser, App, CurrentUser, DashboardApp, RuntimeConfig } from '@portal/contract';

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
  manages_groups: 0,
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

/** A UUID the admin API would answer, numbered for tests: testUuid(1) = 00000000-0000-4000-8000-000000000001. */
export const testUuid = (n: number, prefix = '00000000') => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A row of GET /api/admin/users. */
export function adminUser(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: testUuid(n),
    uid: `1:${100000 + n}`,
    name: `Pilot ${String(n).padStart(3, '0')}`,
    image: null,
    race: 'Human',
    faction: 'Galactic Weapon Systems',
    created_at: '2025-01-01T10:00:00.000Z',
    last_login_at: null,
    ...overrides,
  };
}

/** A row of GET /api/admin/apps, every optional field empty. */
export function adminApp(overrides: Partial<App> & Pick<App, 'id' | 'key' | 'name'>): App {
  return {
    audience: overrides.key,
    icon: null,
    url: null,
    description: null,
    phase: null,
    phaseDesc: null,
    phaseColor: null,
    progress: 0,
    redirect_urls: [],
    frontchannel_logout_url: null,
    backchannel_logout_url: null,
    allow_global_admin: false,
    allow_delegated_swc_token: false,
    skip_uid_whitelist: false,
    require_passkey: false,
    grant_types: ['authorization_code', 'refresh_token'],
    machine_scopes: [],
    ...overrides,
  };
}

type RecordedStatus = '' | 'active' | 'suspended' | 'revoked';

/** What the one access rule decides from a recorded status alone (no group, bypass or admin). */
function decisionFor(status: RecordedStatus) {
  return status === 'active'
    ? { allowed: true, source: 'grant', reason: 'An admin granted access to this app.' }
    : {
        allowed: false,
        source: status || 'none',
        reason: status ? `Your access to this app is ${status}.` : 'You have not been granted access to this app.',
      };
}

/** The answer of GET /api/admin/users/{id}/apps/{appKey} and of its Grant, Suspend and Revoke. */
export const accessAnswer = (status: RecordedStatus) => ({ status, decision: decisionFor(status) });

/** A row of GET /api/admin/users/{id}/access. */
export const accessRow = (app_name: string, app_key: string, status: RecordedStatus) => ({
  app_name,
  app_key,
  status,
  decision: decisionFor(status),
});
