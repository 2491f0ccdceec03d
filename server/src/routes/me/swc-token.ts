import { me } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { setAutomationTokenSwitch } from '../../services/swc-grants/automation-token.ts';
import { route } from '../endpoint-route.ts';

export default async function swcTokenRoutes(app: FastifyInstance) {
  route(app, me.automationToken, {
    tags: ['me'],
    summary: 'Whether the SWC automation token is on',
    handler: async (request) => ({ enabled: request.auth.user.automation_token_enabled }),
  });
  route(app, me.setAutomationToken, {
    tags: ['me'],
    summary: 'Switch the SWC automation token',
    handler: async (request) => setAutomationTokenSwitch(app.deps, request.auth, request.body.enabled, requestMeta(request)),
  });
}
