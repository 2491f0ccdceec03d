import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.ts';
import { SECRETS_FOLDER } from '../../src/integrations/kubernetes/choose-sink.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(root, 'deploy/compose');
const text = readFileSync(path.join(dir, 'compose.yaml'), 'utf8');
// Compose merges `<<: *portal` as YAML merge keys; the file is checked as Compose reads it.
const compose = parse(text, { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> };

/** The example `.env` as Compose reads it: KEY=value lines, comments and blank lines left out. */
const example = Object.fromEntries(
  readFileSync(path.join(dir, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
);

interface Service {
  image: string;
  build?: { context: string; dockerfile: string };
  user?: string;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  tmpfs?: string[];
  restart?: string;
  env_file?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

/**
 * The Compose Specification's JSON schema, as the dclint package ships it (its schemas/compose.schema.json, a
 * copy of compose-spec/compose-spec's schema/compose-spec.json). Its `$schema` names the draft-07 meta-schema
 * by an https address Ajv does not know by that name; draft-07 is Ajv's own default.
 */
function composeSchemaValidator() {
  const { $schema: _draft, ...schema } = JSON.parse(
    readFileSync(path.join(root, 'node_modules/dclint/schemas/compose.schema.json'), 'utf8'),
  ) as Record<string, unknown>;
  // `format: duration` and friends are Compose's own formats: the shapes are what this test checks.
  return new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
}

const portal = ['web', 'worker'] as const;
/** `${NAME}`, `${NAME:-default}` and `${NAME:?error}` as Compose fills them in from `env`. */
const interpolate = (value: string, env: Record<string, string> = example) =>
  value.replace(/\$\{([A-Z_]+)(?::?[-?][^}]*)?\}/g, (whole, name: string) => env[name] || (/:-([^}]*)\}/.exec(whole)?.[1] ?? ''));

describe('deploy/compose', () => {
  it('is valid against the Compose Specification’s JSON schema, which refuses a key it does not define', () => {
    const validate = composeSchemaValidator();
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...compose, services: { ...compose.services, web: { ...compose.services.web, replica: 2 } } })).toBe(false);
  });

  it('runs PostgreSQL from an official image with a pinned major and a named volume, a web replica and a worker from deploy/Dockerfile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'web', 'worker']);
    const postgres = compose.services.postgres!;
    expect(postgres.image).toMatch(/^postgres:\d+(\.\d+)?(-[a-z]+)?$/);
    const [volume] = postgres.volumes![0]!.split(':');
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    for (const name of portal) {
      const service = compose.services[name]!;
      expect(service.build, name).toEqual({ context: '../..', dockerfile: 'deploy/Dockerfile' });
      expect(service.environment?.PORTAL_MODE, name).toBe(name);
      expect(service.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' } });
    }
  });

  it.each(portal)('%s: non-root, read-only root, no capabilities, no privilege escalation, DATA_DIR writable', (name) => {
    const service = compose.services[name]!;
    expect(service.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(service.read_only).toBe(true);
    expect(service.cap_drop).toEqual(['ALL']);
    expect(service.security_opt).toContain('no-new-privileges:true');
    // The image's DATA_DIR: the one path the process writes, so it needs a mount of its own.
    expect(service.tmpfs?.map((t) => t.split(':')[0])).toContain('/data');
  });

  it('keeps the service JWTs both portal services write in one named volume, which the image lets the node user write', () => {
    // Without a cluster the portal writes each Secret under DATA_DIR, a tmpfs here: the worker's rotations and
    // the web replica's "rotate now" would each write their own, and a restart would lose both.
    const target = `/data/${SECRETS_FOLDER}`;
    const [web, worker] = portal.map((name) => compose.services[name]!.volumes?.find((v) => v.split(':')[1] === target));
    expect(web, 'web').toBeDefined();
    expect(worker).toBe(web);
    expect(Object.keys(compose.volumes ?? {})).toContain(web!.split(':')[0]);
    // Docker gives a new named volume the owner of the folder the image has at its mount point.
    const dockerfile = readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
    const made = /^RUN mkdir -p ([^&\n]+)&& chown -R node:node ([^\n]+)$/m.exec(dockerfile);
    expect(made?.[1]?.split(' ')).toContain(target);
    expect(made?.[2]?.split(' ')).toContain('/data');
  });

  it.each(Object.keys(compose.services))('%s: a health check and a restart policy', (name) => {
    const service = compose.services[name]!;
    expect(service.restart).toMatch(/^(always|unless-stopped)$/);
    expect(service.healthcheck?.test.length).toBeGreaterThan(0);
  });

  it.each(portal)('%s: its health check asks /readyz on the management port, which is never published', (name) => {
    const service = compose.services[name]!;
    expect(service.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:9000/readyz');
    for (const port of service.ports ?? []) expect(port.split(':').at(-1)).not.toBe('9000');
  });

  it('publishes only the web replica’s port; the worker listens on nothing but its management port', () => {
    expect(compose.services.web!.ports?.map((p) => interpolate(p))).toEqual(['127.0.0.1:3000:3000']);
    expect(compose.services.worker!.ports).toBeUndefined();
  });

  it('gives both one DATABASE_URL, the Compose PostgreSQL with the credentials it was created with', () => {
    const [web, worker] = portal.map((name) => compose.services[name]!.environment!.DATABASE_URL!);
    expect(web).toBe(worker);
    const url = new URL(interpolate(web!));
    const postgres = compose.services.postgres!;
    expect(url.hostname).toBe('postgres');
    expect(decodeURIComponent(url.username)).toBe(interpolate(String(postgres.environment!.POSTGRES_USER)));
    expect(url.pathname).toBe(`/${interpolate(String(postgres.environment!.POSTGRES_DB))}`);
  });

  it('documents every variable the file reads in .env.example, which both portal services load', () => {
    const read = new Set([...text.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!));
    expect([...read].filter((name) => !(name in example))).toEqual([]);
    for (const name of portal) expect(compose.services[name]!.env_file).toEqual(['.env']);
  });

  it('starts in production once the example’s empty values are filled in', () => {
    const filled = {
      ...example,
      POSTGRES_PASSWORD: '0a1b2c3d4e5f',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      SWC_CLIENT_ID: 'id',
      SWC_CLIENT_SECRET: 'secret',
      ADMIN_UIDS: '1:1',
    };
    for (const name of portal) {
      const environment = compose.services[name]!.environment!;
      // The image's ENV, then the .env file, then the service's own environment, as Docker layers them.
      const env = {
        NODE_ENV: 'production',
        DATA_DIR: '/data',
        ...filled,
        PORTAL_MODE: name,
        DATABASE_URL: interpolate(environment.DATABASE_URL!, filled),
      };
      const config = loadConfig(env);
      expect(config.databaseUrl).toBe('postgres://portal:0a1b2c3d4e5f@postgres:5432/portal');
      expect(config.mode).toBe(name);
      expect(config.swc.simulator).toBe(false);
    }
  });
});
