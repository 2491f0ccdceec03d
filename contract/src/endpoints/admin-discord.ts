import { z } from 'zod';
import {
  DiscordConnection,
  DiscordConnectionInput,
  DiscordLink,
  DiscordReconcilePreview,
  DiscordRole,
  DiscordRoleRules,
  DiscordRulePreview,
} from '../discord.ts';
import { defineEndpoint } from '../endpoint.ts';

const errors = [400, 401, 403, 404, 409, 503] as const;
const UserParams = z.object({ id: z.uuid('id must be a user id (a UUID)') });

/** The community's Discord server (admins). */
export const adminDiscord = {
  get: defineEndpoint({ method: 'GET', path: '/api/admin/discord', status: 200, answer: DiscordConnection, errors }),
  put: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/discord',
    body: DiscordConnectionInput,
    status: 200,
    answer: DiscordConnection,
    errors,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/admin/discord', status: 204, answer: z.null(), errors }),
  roles: defineEndpoint({ method: 'GET', path: '/api/admin/discord/roles', status: 200, answer: z.array(DiscordRole), errors }),
  roleRules: defineEndpoint({ method: 'GET', path: '/api/admin/discord/role-rules', status: 200, answer: DiscordRoleRules, errors }),
  setRoleRules: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/discord/role-rules',
    body: DiscordRoleRules,
    status: 200,
    answer: DiscordRoleRules,
    errors,
  }),
  previewRoleRules: defineEndpoint({
    method: 'POST',
    path: '/api/admin/discord/role-rules/preview',
    body: DiscordRoleRules,
    status: 200,
    answer: DiscordRulePreview,
    errors,
    readOnly: true,
  }),
  previewReconcile: defineEndpoint({
    method: 'POST',
    path: '/api/admin/discord/reconcile/preview',
    status: 200,
    answer: DiscordReconcilePreview,
    errors,
    readOnly: true,
  }),
  reconcile: defineEndpoint({ method: 'POST', path: '/api/admin/discord/reconcile', status: 200, answer: DiscordReconcilePreview, errors }),
  userLink: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/discord',
    params: UserParams,
    status: 200,
    answer: DiscordLink,
    errors,
  }),
  unlinkUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/discord',
    params: UserParams,
    status: 204,
    answer: z.null(),
    errors,
  }),
};

/** The signed-in player's Discord link. */
export const meDiscord = {
  get: defineEndpoint({ method: 'GET', path: '/api/me/discord', status: 200, answer: DiscordLink, errors: [401] }),
  unlink: defineEndpoint({ method: 'DELETE', path: '/api/me/discord', status: 204, answer: z.null(), errors: [401, 503] }),
};
