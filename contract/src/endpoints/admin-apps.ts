import { z } from 'zod';
import {
  AccessRules,
  AccessRulesInput,
  AccessRulesPreview,
  AccessRulesPreviewInput,
  PlayerCheck,
  PlayerCheckQuery,
} from '../access-rules.ts';
import { AppInput } from '../admin-apps.ts';
import { AppAccessQuery, AppAccessRow } from '../admin-users.ts';
import { App } from '../apps.ts';
import { defineEndpoint } from '../endpoint.ts';

const AppParams = z.object({ id: z.uuid('id must be an app id (a UUID)') });
const errors = [400, 401, 403, 404, 409] as const;

/** An app as an OpenID Connect client: public until an admin gives it a secret. */
export const OidcClient = z.object({
  client_id: z.string(),
  client_type: z.enum(['public', 'confidential']),
  /** When the current secret was made (ISO 8601), null for a public client. */
  secret_created_at: z.string().nullable(),
  discovery_url: z.string(),
  redirect_uris: z.array(z.string()),
});
export type OidcClient = z.infer<typeof OidcClient>;

/** A new client secret: shown once, only its hash is kept. */
export const ClientSecret = z.object({ client_id: z.string(), client_secret: z.string() });
export type ClientSecret = z.infer<typeof ClientSecret>;

/** A new app; a machine client (client credentials) is created with its client secret, answered this once. */
export const CreatedApp = App.extend({ client_secret: z.string().optional() });
export type CreatedApp = z.infer<typeof CreatedApp>;

/** The app catalog (admins). */
export const adminApps = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/apps', status: 200, answer: z.array(App), errors }),
  create: defineEndpoint({ method: 'POST', path: '/api/admin/apps', body: AppInput, status: 201, answer: CreatedApp, errors }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/apps/:id',
    params: AppParams,
    body: AppInput,
    status: 200,
    answer: App,
    errors,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/admin/apps/:id', params: AppParams, status: 204, answer: z.null(), errors }),
  checkPlayer: defineEndpoint({
    method: 'GET',
    path: '/api/admin/apps/:id/player-check',
    params: AppParams,
    query: PlayerCheckQuery,
    status: 200,
    answer: PlayerCheck,
    errors,
  }),
  accessRules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/apps/:id/access-rules',
    params: AppParams,
    status: 200,
    answer: AccessRules,
    errors,
  }),
  setAccessRules: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/apps/:id/access-rules',
    params: AppParams,
    body: AccessRulesInput,
    status: 200,
    answer: AccessRules,
    errors,
  }),
  previewAccessRules: defineEndpoint({
    method: 'POST',
    path: '/api/admin/apps/:id/access-rules/preview',
    params: AppParams,
    body: AccessRulesPreviewInput,
    status: 200,
    answer: AccessRulesPreview,
    errors,
    readOnly: true,
  }),
  oidcClient: defineEndpoint({
    method: 'GET',
    path: '/api/admin/apps/:id/oidc-client',
    params: AppParams,
    status: 200,
    answer: OidcClient,
    errors,
  }),
  createClientSecret: defineEndpoint({
    method: 'POST',
    path: '/api/admin/apps/:id/client-secret',
    params: AppParams,
    status: 201,
    answer: ClientSecret,
    errors,
  }),
  /** The players with an access record on the app, by name; the total is in X-Total-Count. */
  access: defineEndpoint({
    method: 'GET',
    path: '/api/admin/apps/:id/access',
    params: AppParams,
    query: AppAccessQuery,
    status: 200,
    answer: z.array(AppAccessRow),
    errors,
  }),
  removeClientSecret: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/apps/:id/client-secret',
    params: AppParams,
    status: 204,
    answer: z.null(),
    errors,
  }),
};
