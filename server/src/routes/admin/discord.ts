import { adminDiscord } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import {
  deleteDiscordConnection,
  getDiscordConnection,
  listDiscordRoles,
  putDiscordConnection,
} from '../../services/discord/connection.ts';
import { discordLinkOf, unlinkDiscord } from '../../services/discord/link.ts';
import { previewReconcile, runReconcile } from '../../services/discord/reconcile.ts';
import { getRoleRules, previewRoleRules, setRoleRules } from '../../services/discord/role-rules.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: Discord'];

export default async function discordRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, adminDiscord.get, {
    tags,
    summary: 'The Discord connection and whether it works, in words (the secrets are never answered)',
    handler: () => getDiscordConnection(deps),
  });
  route(app, adminDiscord.put, {
    tags,
    summary: 'Connect the Discord server (secrets left out stay as stored); every linked player is brought up to date',
    handler: (request) => putDiscordConnection(deps, actorOf(request), request.body),
  });
  route(app, adminDiscord.remove, {
    tags,
    summary: 'Disconnect: the portal forgets the application; nothing changes in Discord',
    handler: async (request) => {
      await deleteDiscordConnection(deps, actorOf(request));
      return null;
    },
  });
  route(app, adminDiscord.roles, { tags, summary: 'The server’s roles, top first', handler: () => listDiscordRoles(deps) });
  route(app, adminDiscord.roleRules, { tags, summary: 'Members of group G hold Discord role R', handler: () => getRoleRules(deps) });
  route(app, adminDiscord.setRoleRules, {
    tags,
    summary: 'Replace the role rules; the portal manages exactly the roles they name',
    handler: (request) => setRoleRules(deps, actorOf(request), request.body),
  });
  route(app, adminDiscord.previewRoleRules, {
    tags,
    summary: 'Which linked players would gain and lose roles under these rules (changes nothing)',
    handler: (request) => previewRoleRules(deps, request.body),
  });
  route(app, adminDiscord.previewReconcile, {
    tags,
    summary: 'What a reconcile would change: managed roles to give and to take, by member (changes nothing)',
    handler: () => previewReconcile(deps),
  });
  route(app, adminDiscord.reconcile, {
    tags,
    summary: 'Reconcile now: every managed role where the rules say (or only reported, with reconcile "report")',
    handler: (request) => runReconcile(deps, actorOf(request)),
  });
  route(app, adminDiscord.userLink, {
    tags,
    summary: 'A player’s Discord link',
    handler: (request) => discordLinkOf(deps, request.params.id),
  });
  route(app, adminDiscord.unlinkUser, {
    tags,
    summary: 'Unlink a player’s Discord account: the managed roles go, the token is revoked',
    handler: async (request) => {
      await unlinkDiscord(deps, request.params.id, { actor: actorOf(request), meta: requestMeta(request) });
      return null;
    },
  });
}
