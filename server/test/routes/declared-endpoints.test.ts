import { allEndpoints } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAuth } from '../../../scripts/generate-api-docs.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

/**
 * Routes that are not part of the JSON API the contract declares, each with why. Everything else the
 * server serves must be a contract endpoint, and every contract endpoint must be served.
 */
const UNDECLARED: { route: RegExp; why: string }[] = [
  { route: /^(get|post) \/auth\//, why: 'sign-in flows and forward auth: browser navigations, HTML pages and OAuth (RFC 6749) answers' },
  {
    route: /^(get|post) \/(oidc\/|\.well-known\/openid-configuration)/,
    why: 'the OpenID Provider: protocol endpoints with their own answers (OpenID Connect, RFC 6749, 7009, 7662)',
  },
  { route: /^(get|post) \/device(\/\{uid\})?$/, why: 'the device flow (RFC 8628): HTML pages where a player enters a device’s code' },
  { route: /^get \/\.well-known\//, why: 'standard discovery documents (JWKS) read by the apps, not by the web client' },
  { route: /^get \/(healthz|readyz)$/, why: 'probes for the orchestrator' },
  { route: /^get \/config\.json$/, why: 'the runtime config the web client loads before it can call the API' },
  { route: /^get \/api\/docs(\/.*)?$/, why: 'the OpenAPI document and its viewer, generated from the routes themselves' },
  { route: /^options \*$/, why: 'CORS preflight, answered for every path' },
];

let ctx: TestContext;
let served: string[];
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.ready();
  // Fastify adds a HEAD route beside every GET by itself.
  served = [...routeAuth(ctx.app).keys()].filter((key) => !key.startsWith('head '));
});
afterAll(() => ctx.close());

const declared = allEndpoints.map((e) => `${e.method.toLowerCase()} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
const isUndeclared = (key: string) => UNDECLARED.some(({ route }) => route.test(key));

describe('the contract’s endpoints and the server’s routes', () => {
  it('serves every declared endpoint', () => {
    expect(declared.filter((key) => !served.includes(key))).toEqual([]);
  });

  it('declares every route of the JSON API', () => {
    expect(served.filter((key) => !declared.includes(key) && !isUndeclared(key))).toEqual([]);
  });

  it('lists as undeclared only routes that are not declared', () => {
    expect(declared.filter(isUndeclared)).toEqual([]);
  });
});
