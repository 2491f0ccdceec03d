import type { Endpoint } from '../endpoint.ts';
import { account } from './account.ts';
import { adminApps } from './admin-apps.ts';
import { adminAudit } from './admin-audit.ts';
import { adminCentralGrants } from './admin-central-grants.ts';
import { adminDiscord, meDiscord } from './admin-discord.ts';
import { adminGroups } from './admin-groups.ts';
import { adminGroupManagers, manageGroups, myGroups } from './group-requests.ts';
import { adminSwc } from './admin-swc.ts';
import { adminUsers } from './admin-users.ts';
import { syncedData } from './data.ts';
import { me } from './me.ts';
import { adminPasskeys, ownPasskeys, passkeySignIn } from './passkeys.ts';
import { adminStoredData } from './admin-stored-data.ts';
import { adminSync } from './admin-sync.ts';
import { serviceJwts } from './service-jwts.ts';

export {
  account,
  adminApps,
  adminAudit,
  adminCentralGrants,
  adminDiscord,
  adminGroups,
  adminPasskeys,
  adminGroupManagers,
  adminSwc,
  adminUsers,
  manageGroups,
  me,
  ownPasskeys,
  passkeySignIn,
  myGroups,
  meDiscord,
  adminStoredData,
  adminSync,
  serviceJwts,
  syncedData,
};
export { firstLoadPaths } from './first-load-paths.ts';
export { ClientSecret, CreatedApp, OidcClient } from './admin-apps.ts';

/** Every declared endpoint of the JSON API (the server's route test checks it against the routes). */
export const allEndpoints: readonly Endpoint[] = [
  me,
  account,
  ownPasskeys,
  passkeySignIn,
  adminApps,
  adminUsers,
  adminPasskeys,
  adminGroups,
  adminGroupManagers,
  myGroups,
  manageGroups,
  adminCentralGrants,
  serviceJwts,
  adminSwc,
  adminSync,
  adminAudit,
  adminStoredData,
  syncedData,
  adminDiscord,
  meDiscord,
].flatMap((group): Endpoint[] => Object.values(group));
