import type { App, AppInput } from '@portal/contract';
import type { z } from 'zod';

/** An app's writable fields as the contract parses them from the admin's request body. */
export type AppFields = z.output<typeof AppInput>;

/** An app as the server reads it: the contract's `App`. */
export type AppRow = App;

/** Body field ← column of `apps` (the contract names the phase fields in camelCase). */
export const APP_INPUT_COLUMNS = {
  key: 'key',
  name: 'name',
  audience: 'audience',
  icon: 'icon',
  url: 'url',
  description: 'description',
  phase: 'phase',
  phaseDesc: 'phase_desc',
  phaseColor: 'phase_color',
  progress: 'progress',
  redirect_urls: 'redirect_urls',
  frontchannel_logout_url: 'frontchannel_logout_url',
  backchannel_logout_url: 'backchannel_logout_url',
  allow_global_admin: 'allow_global_admin',
  allow_delegated_swc_token: 'allow_delegated_swc_token',
  skip_uid_whitelist: 'skip_uid_whitelist',
  require_passkey: 'require_passkey',
  grant_types: 'grant_types',
  machine_scopes: 'machine_scopes',
} as const satisfies Record<keyof AppFields, string>;

export const APP_COLUMNS = { id: 'id', ...APP_INPUT_COLUMNS } as const satisfies Record<keyof App, string>;
