import { AutomationToken, ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestMeta } from '../../plugins/session.ts';
import { setAutomationTokenSwitch } from '../../services/swc-grants/automation-token.ts';

export default async function swcTokenRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/swc/auth-token',
    { schema: { tags: ['me'], summary: 'Whether the SWC automation token is on', response: { 200: AutomationToken, 401: ErrorBody } } },
    async (request) => ({ enabled: request.auth.user.automation_token_enabled }),
  );
  app.post(
    '/api/swc/auth-token',
    {
      schema: {
        tags: ['me'],
        summary: 'Switch the SWC automation token',
        body: AutomationToken,
        response: { 200: AutomationToken, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => setAutomationTokenSwitch(app.deps, request.auth, request.body.enabled, requestMeta(request)),
  );
}
