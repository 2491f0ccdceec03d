import { CentralGrants, CentralGrantsQuery, RevokeInput, RoleGrantInput, ScopeGrantInput } from '../central-grants.ts';
import { defineEndpoint } from '../endpoint.ts';

const errors = [400, 401, 403, 404] as const;

/** Central consent scopes and roles of a user for an app (admins); every change answers the new ones. */
export const adminCentralGrants = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/consents',
    query: CentralGrantsQuery,
    status: 200,
    answer: CentralGrants,
    errors,
  }),
  grantScope: defineEndpoint({
    method: 'POST',
    path: '/api/admin/consents/grant',
    body: ScopeGrantInput,
    status: 200,
    answer: CentralGrants,
    errors,
  }),
  revokeScope: defineEndpoint({
    method: 'POST',
    path: '/api/admin/consents/revoke',
    body: RevokeInput,
    status: 200,
    answer: CentralGrants,
    errors,
  }),
  grantRole: defineEndpoint({
    method: 'POST',
    path: '/api/admin/roles/grant',
    body: RoleGrantInput,
    status: 200,
    answer: CentralGrants,
    errors,
  }),
  revokeRole: defineEndpoint({
    method: 'POST',
    path: '/api/admin/roles/revoke',
    body: RevokeInput,
    status: 200,
    answer: CentralGrants,
    errors,
  }),
};
