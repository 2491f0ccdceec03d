export type {
  BucketSize,
  DiscordApplication,
  DiscordConnection,
  DiscordGuildSeed,
  DiscordMemberSeed,
  DiscordRoleSeed,
  DiscordSimulatorOptions,
  DiscordUserSeed,
} from './types.ts';
export type { DiscordSimulator } from './app.ts';
export type { RunningDiscordSimulator } from './start.ts';
export type { DiscordSimulatorControls } from './control/handles.ts';
export type { MemberState, RoleState } from './control/members.ts';
export type { AuditEntry } from './world/guild.ts';
export type { RequestRecord } from './stats.ts';
export type { BucketName } from './limits/buckets.ts';
export { createDiscordSimulator } from './app.ts';
export { startDiscordSimulator } from './start.ts';
export { ControlError } from './control/errors.ts';
export { API_VERSION } from './api/routes.ts';
export { BUCKET_NAMES, DEFAULT_BUCKETS } from './limits/buckets.ts';
export {
  DEFAULT_REDIRECT_URI,
  defaultApplication,
  defaultGuild,
  defaultUsers,
  seededConnection,
  seededRoleIds,
  seededUserIds,
} from './data.ts';
