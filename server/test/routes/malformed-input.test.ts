import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, DASHBOARD, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

let ctx: TestContext;
let admin: string;
let routes: [string, string][];
let operations: { method: string; template: string; op: Operation }[];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  // The admin also manages a group, so the group managers' routes reach their input checks too.
  const managed = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/groups',
    cookies: { portal_session: admin },
    payload: { name: 'Fleet Ops', description: 'Pilots' },
  });
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/groups/${managed.json<{ id: string }>().id}/managers`,
    cookies: { portal_session: admin },
    payload: { uids: ['1:100001'] },
  });
  const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ method: m.toUpperCase(), template, op })),
  );
  routes = operations.map(({ method, template }): [string, string] => [method, template]);
});
afterAll(() => ctx.close());

// Path parameters, query strings and bodies that a careless or hostile caller might send.
const PARAMS = ['not-a-uuid', '%00', "'; DROP TABLE users; --", 'x'.repeat(300), '00000000-0000-4000-8000-000000000000'];
const BODIES: unknown[] = [
  '{"unterminated',
  '[]',
  'null',
  '42',
  JSON.stringify({ enabled: 'x', uid: 5, value: {}, key: [], ttl_minutes: 'abc', redirect_urls: 'x' }),
];
const QUERIES = [
  '',
  '?aud=',
  '?aud=%FF',
  '?userId=x&appId=y',
  '?limit=-1&offset=abc',
  `?q=${'%25'.repeat(50)}`,
  '?aud=%00&rd=%0A&q=%00&userId=%00&limit=%00&state=%00',
];
const endsSession = (template: string) => template.startsWith('/auth/logout') || template.startsWith('/oidc/logout');
// The OpenID Provider's area, the device flow's pages (/device) included.
const speaksOAuth = (template: string) => template === '/auth/token' || template.startsWith('/oidc/') || template.startsWith('/device');
const UNSAFE_METHOD = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Another engineer's guard wants an allowed Origin on unsafe requests; a browser on the portal sends this one.
const originFor = (method: string) => (UNSAFE_METHOD.has(method) ? { origin: PUBLIC_URL } : {});

/**
 * A route's requests: each malformed path value, query and body in turn, the other two at a base (a well-formed id, no
 * query, a JSON object of wrong types). Every combination of the three (175 requests a route with a body, against 15)
 * mostly met the same first refusal again: the validation stops at the first malformed part.
 */
function requestsOf(method: string): { param: string; query: string; body: unknown }[] {
  const base = { param: PARAMS.at(-1)!, query: QUERIES[0]!, body: method === 'GET' || method === 'DELETE' ? undefined : BODIES.at(-1) };
  const bodies = base.body === undefined ? [] : BODIES.filter((b) => b !== base.body);
  return [
    base,
    ...PARAMS.filter((p) => p !== base.param).map((param) => ({ ...base, param })),
    ...QUERIES.filter((q) => q !== base.query).map((query) => ({ ...base, query })),
    ...bodies.map((body) => ({ ...base, body })),
  ];
}

describe('malformed input never causes a 500', () => {
  it('holds for every documented route', async () => {
    expect(routes.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const [method, template] of routes) {
      if (endsSession(template)) continue; // would end the admin's session for the rest of the sweep
      for (const { param, query, body } of requestsOf(method)) {
        const path = template.replace(/\{[^}]+\}/g, encodeURIComponent(param));
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: path + query,
          cookies: { portal_session: admin },
          headers: { ...originFor(method), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: body as string }),
        });
        if (res.statusCode >= 500 && res.statusCode !== 502)
          failures.push(`${method} ${path}${query} ${String(body)} → ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
          const json = res.json();
          // The token exchange and the OpenID Provider speak OAuth (RFC 6749 §5.2): { error, error_description },
          // unless the portal's guards refused the request before (a media type, an origin).
          const description = speaksOAuth(template) ? (json.error_description ?? json.message) : json.message;
          if (typeof json.error !== 'string' || typeof description !== 'string')
            failures.push(`${method} ${path}${query}: error body ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// A valid value for every documented parameter, and a valid body for every documented body with
// text in it: the NUL sweep below changes one of them at a time, so the 400 can only be for that one.
const UUID = '00000000-0000-4000-8000-000000000000';
const PARAM_VALUES: Record<string, string> = {
  id: UUID,
  appKey: 'portal',
  sid: 'abc',
  aud: 'portal',
  rd: DASHBOARD,
  userId: UUID,
  appId: UUID,
  target: 'systems',
  uid: '9:1',
  q: 'x',
  limit: '5',
  offset: '0',
  code: 'x',
  state: 'x',
  error: 'x',
  error_description: 'x',
  tenant_id: '1324',
  actor: 'faction-leader',
  requested_scopes: 'character_auth',
  from: '2026-11-22T12:00:00Z',
  to: '2026-11-23T12:00:00Z',
  user: UUID,
  app: 'wiki',
  event: 'login',
  outcome: 'failure',
  format: 'ndjson',
};
const APP = {
  key: 'nul-test',
  name: 'NUL test',
  audience: 'nul-test',
  icon: '🚀',
  url: 'https://nul.example.com/',
  description: 'Two\nlines',
  phase: 'Beta',
  phaseDesc: 'Open testing',
  phaseColor: 'blue',
  redirect_urls: ['https://nul.example.com/'],
  frontchannel_logout_url: 'https://nul.example.com/fc',
  backchannel_logout_url: 'https://nul.example.com/bc',
};
const GRANT = { userId: UUID, appId: UUID, value: 'read' };
const SERVICE_JWT = {
  service_name: 'billing',
  audience: 'api',
  subject: 'svc',
  authorized_party: 'gateway',
  ttl_minutes: 60,
  k8s_namespace: 'billing',
  k8s_secret_name: 'billing-jwt',
  k8s_secret_key: 'token',
  rotation_enabled: true,
  rotation_interval_minutes: 60,
};
const VALID_BODIES: Record<string, object> = {
  'POST /api/admin/apps': APP,
  'PUT /api/admin/apps/{id}': APP,
  'POST /api/admin/users': { uid: '1:5' },
  'POST /api/me/passkeys': {
    name: 'Laptop',
    answer: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'AA', attestationObject: 'AA' },
    },
  },
  'POST /api/admin/consents/grant': GRANT,
  'POST /api/admin/consents/revoke': GRANT,
  'POST /api/admin/roles/grant': GRANT,
  'POST /api/admin/roles/revoke': GRANT,
  'POST /api/admin/service-jwts': SERVICE_JWT,
  'PUT /api/admin/service-jwts/{id}': SERVICE_JWT,
  'POST /api/swc/authorize': { scopes: ['character_location'] },
  'PUT /api/admin/audit/forwarding': { url: 'https://siem.example.com/hook', secret: 'sixteen-characters' },
  'POST /api/admin/groups': { name: 'Fleet Ops', description: 'Pilots' },
  'PUT /api/admin/groups/{id}': { name: 'Fleet Ops', description: 'Pilots' },
  'POST /api/admin/groups/{id}/members': { uids: ['1:5'] },
  'PUT /api/admin/groups/{id}/managers': { uids: ['1:5'] },
  'POST /api/me/notices/seen': { until: '2026-11-22T12:00:00Z' },
  'POST /api/me/group-requests': { group_id: '00000000-0000-4000-8000-000000000001', note: 'Pilot of the Fleet' },
  'POST /api/manage/groups/{id}/members': { uids: ['1:5'] },
  'POST /api/manage/requests/{id}/approve': { until: '2026-12-22T12:00:00Z' },
  'POST /api/manage/requests/{id}/deny': { reason: 'Not a pilot' },
  'POST /api/admin/group-requests/{id}/approve': { until: '2026-12-22T12:00:00Z' },
  'POST /api/admin/group-requests/{id}/deny': { reason: 'Not a pilot' },
  'PUT /api/admin/discord': {
    client_id: '1205845622784000007',
    client_secret: 'a-secret',
    bot_token: 'a-token',
    guild_id: '1103742841651200001',
    on_leave: 'remove_roles',
    nickname: '{name}',
    reconcile: 'fix',
  },
  'PUT /api/admin/discord/role-rules': { rules: [{ group_id: '00000000-0000-4000-8000-000000000001', role_id: '1103744854917120004' }] },
  'POST /api/admin/apps/{id}/access-rules/preview': { rules: [], player: 'Mira' },
  'POST /api/admin/discord/role-rules/preview': {
    rules: [{ group_id: '00000000-0000-4000-8000-000000000001', role_id: '1103744854917120004' }],
  },
};

const NUL = 'a\u0000b';
const isText = (s: JsonSchema | undefined): boolean => s?.type === 'string' || (s?.anyOf ?? []).some(isText);
// Free text says what is wrong with it; an id or a choice from a list only has to be named.
const isFreeText = (s: JsonSchema): boolean => !s.format && !s.enum && !(s.anyOf ?? []).some((a) => a.enum);

describe('control characters in any text answer 400 naming the field, never 500', () => {
  // Each request from an address of its own: the sign-in limit (per address) would answer the sweep's sign-in starts first.
  let sent = 0;
  const nextAddress = () => `10.0.${Math.floor(++sent / 250)}.${sent % 250}`;
  const sweep = async (
    kind: string,
    cases: { method: string; url: string; field: string; schema: JsonSchema; body?: object; prefix: string }[],
  ) => {
    const failures: string[] = [];
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: c.method as 'GET',
        url: c.url,
        cookies: { portal_session: admin },
        headers: originFor(c.method),
        remoteAddress: nextAddress(),
        ...(c.body ? { payload: c.body } : {}),
      });
      const json = res.statusCode === 400 ? (res.json() as { error?: string; message?: string }) : {};
      const named = json.message?.includes(`${c.prefix}.${c.field}`);
      const explained = !isFreeText(c.schema) || /must not contain (spaces or )?control characters/.test(json.message ?? '');
      if (res.statusCode !== 400 || json.error !== 'bad_request' || !named || !explained)
        failures.push(`${c.method} ${c.url} ${kind} ${c.field} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
    return cases.length;
  };
  const paramsOf = (op: Operation, where: 'path' | 'query') => (op.parameters ?? []).filter((p) => p.in === where);
  // The documented URL with valid values, except NUL in the one parameter named by `nulIn`.
  const urlOf = (template: string, op: Operation, nulIn?: string) => {
    const value = (name: string) => (name === nulIn ? NUL : (PARAM_VALUES[name] ?? 'x'));
    const q = new URLSearchParams();
    for (const p of paramsOf(op, 'query')) q.set(p.name, value(p.name));
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
    return q.size ? `${path}?${q}` : path;
  };
  // The token exchange and the OpenID Provider take form bodies and answer in OAuth's shape:
  // token-exchange.test.ts and test/routes/oidc/hostile-input.test.ts cover them.
  const swept = () => operations.filter(({ template }) => !endsSession(template) && !speaksOAuth(template));

  it('in path parameters', async () => {
    const cases = swept().flatMap(({ method, template, op }) =>
      paramsOf(op, 'path').map((p) => ({ method, url: urlOf(template, op, p.name), field: p.name, schema: p.schema, prefix: 'params' })),
    );
    expect(await sweep('path parameter', cases)).toBeGreaterThan(15);
  });

  it('in query values', async () => {
    const cases = swept().flatMap(({ method, template, op }) =>
      paramsOf(op, 'query').map((p) => ({
        method,
        url: urlOf(template, op, p.name),
        field: p.name,
        schema: p.schema,
        prefix: 'querystring',
      })),
    );
    expect(await sweep('query value', cases)).toBeGreaterThan(10);
  });

  it('in every string field of a JSON body', async () => {
    const cases = swept().flatMap(({ method, template, op }) => {
      const properties = op.requestBody?.content['application/json']?.schema.properties ?? {};
      const textFields = Object.entries(properties).filter(([, s]) => isText(s) || isText(s.items));
      if (textFields.length === 0) return [];
      const valid = VALID_BODIES[`${method} ${template}`];
      if (!valid) throw new Error(`add a valid body for ${method} ${template} to VALID_BODIES`);
      return textFields.map(([field, schema]) => ({
        method,
        url: urlOf(template, op),
        field,
        schema: schema.items ?? schema,
        body: { ...valid, [field]: isText(schema) ? NUL : [NUL] },
        prefix: 'body',
      }));
    });
    expect(await sweep('body field', cases)).toBeGreaterThan(30);
  });
});
