/**
 * Writes docs/api.md from the service's own OpenAPI document and route guards:
 *   npx node scripts/generate-api-docs.ts
 * server/test/docs/api-docs.test.ts fails when the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import * as prettier from 'prettier';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createPool } from '../server/src/db/pool.ts';
import type { Deps } from '../server/src/deps.ts';
import { createAccessChanged } from '../server/src/lib/access-changed.ts';
import { systemClock } from '../server/src/lib/clock.ts';
import { requireAdmin, requireSession } from '../server/src/plugins/session.ts';
import { requireSessionOrServiceJwt } from '../server/src/routes/data/guard.ts';
import { requireManager } from '../server/src/routes/manage/guard.ts';

export const API_DOCS_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/api.md');

type Auth = 'public' | 'signed-in' | 'admin' | 'group manager' | 'signed-in or service JWT';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Who may call each route, as the server decides it: the guard hook its folder installs
 * (routes/me: a session, routes/admin: the admin role, routes/manage: a player who manages a group, each route of one
 * group or request guarded by it too), read from Fastify's own route listing.
 */
export function routeAuth(app: FastifyInstance): Map<string, Auth> {
  const listing = app.printRoutes({ commonPrefix: false, includeHooks: true });
  const auth = new Map<string, Auth>();
  const prefixes: string[] = []; // the full path of the node at each depth of the printed tree
  let current: string[] = [];
  for (const line of listing.split('\n')) {
    const route = line.match(/^([│ ]*)([├└]── )?(\S.*) \(([A-Z, ]+)\)$/);
    if (route) {
      // A line without a connector lists more methods of the node just above it.
      const depth = route[1]!.length / 4 - (route[2] ? 0 : 1);
      const full = (depth > 0 ? prefixes[depth - 1]! : '') + route[3]!;
      prefixes[depth] = full;
      const openApiPath = full.replace(/:(\w+)/g, '{$1}');
      current = route[4]!.split(', ').map((m) => `${m.toLowerCase()} ${openApiPath}`);
      for (const key of current) auth.set(key, 'public');
      continue;
    }
    const hooks = line.match(/\(onRequest\) \[(.*)\]/);
    if (!hooks) continue;
    const level: Auth | null = hooks[1]!.includes(`"${requireAdmin.name}()"`)
      ? 'admin'
      : hooks[1]!.includes(`"${requireManager.name}()"`)
        ? 'group manager'
        : hooks[1]!.includes(`"${requireSession.name}()"`)
          ? 'signed-in'
          : hooks[1]!.includes(`"${requireSessionOrServiceJwt.name}()"`)
            ? 'signed-in or service JWT'
            : null;
    if (level) for (const key of current) auth.set(key, level);
  }
  return auth;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function fieldsOf(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.type === 'array' || schema.items) return `[${fieldsOf(schema.items)}]`;
  if (schema.anyOf) return schema.anyOf.map(fieldsOf).filter(Boolean).join(' or ');
  if (!schema.properties) return ''; // a bare string or null answer (a page, a header-only reply) says nothing more
  const required = new Set(schema.required ?? []);
  return `{ ${Object.keys(schema.properties)
    .map((name) => (required.has(name) ? `${name}*` : name))
    .join(', ')} }`;
}

function input(op: Operation): string {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => (p.required ? `${p.name}*` : p.name));
  const body = fieldsOf(op.requestBody?.content?.['application/json']?.schema);
  return [query.length ? `?${query.join('&')}` : '', body].filter(Boolean).join(' ');
}

function answers(op: Operation): string {
  return Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const shape = status.startsWith('2') ? fieldsOf(r.content?.['application/json']?.schema) : '';
      return shape ? `${status} ${shape}` : status;
    })
    .join('<br>');
}

/** The Markdown of docs/api.md: one table per tag, routes in the order the server registers them. */
export function renderApiDocs(doc: OpenApi, auth: Map<string, Auth>): string {
  const sections = new Map<string, string[]>();
  for (const [route, ops] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const rows = sections.get(tag) ?? [];
      rows.push(
        `| ${method.toUpperCase()} | \`${route}\` | ${cell(op.summary ?? '')} | ${auth.get(`${method} ${route}`) ?? 'public'} | ${cell(input(op))} | ${cell(answers(op))} |`,
      );
      sections.set(tag, rows);
    }
  }
  const out = [
    '# HTTP API',
    '',
    '<!-- Generated by `npx node scripts/generate-api-docs.ts` from the OpenAPI document (/api/docs/json); do not edit by hand. -->',
    '',
    'Who may call a route is decided by the folder it lives in: **public**, **signed-in** (a live session cookie, else 401) or',
    '**admin** (401 without a session, 403 without the admin role); the data routes take a session or a service JWT',
    '(`Authorization: Bearer`, audience `$PUBLIC_URL/api/data`). In the input and answer columns `*` marks a required',
    'field, `?a&b` are query parameters and `[…]` is an array. Every answer that is not 2xx has the body',
    "`{ error, message }`, `error` being one of the contract's `ErrorCode` values, except `POST /auth/token`: it speaks OAuth",
    '(RFC 6749 §5.2) and every failure there is `{ error, error_description }` with an OAuth error code (`invalid_request`,',
    '`invalid_grant`, `unauthorized_client`, `unsupported_grant_type`, 429 `slow_down`, 503 `temporarily_unavailable`, 500',
    '`server_error`). The interactive version is served at `/api/docs`.',
  ];
  for (const [tag, rows] of sections) {
    out.push(
      '',
      `## ${tag}`,
      '',
      '| method | path | what it does | auth | input | answers |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
    );
  }
  return `${out.join('\n')}\n`;
}

/** A dependency building the document never reaches: any use throws and names it. */
function unused<T>(name: string): T {
  return new Proxy(
    {},
    {
      get: (_target, prop) => {
        throw new Error(`deps.${name}.${String(prop)} was used while building the API document`);
      },
    },
  ) as T;
}

/** Builds the HTTP service without listening or connecting anywhere: the document needs no database. */
export async function buildAppForDocs(): Promise<FastifyInstance> {
  const deps: Deps = {
    config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', ENCRYPTION_KEY: '00'.repeat(32) }),
    db: createPool('postgres://docs@127.0.0.1:1/none'), // connects only when queried, which never happens here
    clock: systemClock,
    encryptor: unused('encryptor'),
    keys: unused('keys'),
    secrets: unused('secrets'),
    accessChanged: createAccessChanged(),
    queue: unused('queue'),
    swc: unused('swc'),
    discord: unused('discord'),
  };
  return buildApp(deps);
}

/** The Markdown, formatted the way the repository's Prettier check expects it. */
export async function generateApiDocs(app: FastifyInstance): Promise<string> {
  const markdown = renderApiDocs(app.swagger() as unknown as OpenApi, routeAuth(app));
  const options = await prettier.resolveConfig(API_DOCS_PATH);
  return prettier.format(markdown, { ...options, filepath: API_DOCS_PATH });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const app = await buildAppForDocs();
  writeFileSync(API_DOCS_PATH, await generateApiDocs(app));
  await app.close();
  console.log(`wrote ${path.relative(process.cwd(), API_DOCS_PATH)}`);
}
