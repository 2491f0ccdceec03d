import { DashboardAppList } from '../apps.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrentUser } from '../me.ts';
import { AutomationToken } from '../swc.ts';
import { SwcAuthorizeAnswer, SwcAuthorizeInput, SwcConsentParams, SwcConsents } from '../swc-consents.ts';
import { firstLoadPaths } from './first-load-paths.ts';

/** The signed-in player's own routes (a live session, else 401). */
export const me = {
  get: defineEndpoint({ method: 'GET', path: firstLoadPaths.me, status: 200, answer: CurrentUser, errors: [401] }),
  apps: defineEndpoint({ method: 'GET', path: firstLoadPaths.apps, status: 200, answer: DashboardAppList, errors: [401] }),
  automationToken: defineEndpoint({ method: 'GET', path: '/api/swc/auth-token', status: 200, answer: AutomationToken, errors: [401] }),
  setAutomationToken: defineEndpoint({
    method: 'POST',
    path: '/api/swc/auth-token',
    body: AutomationToken,
    status: 200,
    answer: AutomationToken,
    errors: [400, 401],
  }),
  swcConsents: defineEndpoint({ method: 'GET', path: firstLoadPaths.swcConsents, status: 200, answer: SwcConsents, errors: [401] }),
  startSwcAuthorization: defineEndpoint({
    method: 'POST',
    path: '/api/swc/authorize',
    body: SwcAuthorizeInput,
    status: 200,
    answer: SwcAuthorizeAnswer,
    errors: [400, 401],
  }),
  revokeSwcConsent: defineEndpoint({
    method: 'DELETE',
    path: '/api/swc/consents/:scope',
    params: SwcConsentParams,
    status: 200,
    answer: SwcConsents,
    errors: [400, 401, 404, 503],
  }),
};
