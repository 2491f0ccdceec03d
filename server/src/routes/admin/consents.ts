import { ConsentData, ConsentQuery, ErrorBody, RevokeInput, RoleGrantInput, ScopeGrantInput } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeGrant, consentsOf } from '../../services/admin/consents.ts';
import { actorOf } from './actor.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['admin: central consents and roles'];

export default async function consentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.get('/api/admin/consents', { schema: { tags, querystring: ConsentQuery, response: { 200: ConsentData, ...errors } } }, (request) =>
    consentsOf(deps, request.query.userId, request.query.appId),
  );
  const changes = [
    ['/api/admin/consents/grant', 'scope', 'grant', ScopeGrantInput],
    ['/api/admin/consents/revoke', 'scope', 'revoke', RevokeInput],
    ['/api/admin/roles/grant', 'role', 'grant', RoleGrantInput],
    ['/api/admin/roles/revoke', 'role', 'revoke', RevokeInput],
  ] as const;
  for (const [url, kind, action, body] of changes) {
    app.post(url, { schema: { tags, body, response: { 200: ConsentData, ...errors } } }, (request) =>
      changeGrant(deps, actorOf(request), request.body, kind, action),
    );
  }
}
