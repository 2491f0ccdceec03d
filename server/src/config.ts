import { z } from 'zod';
import { DEFAULT_DB_TIMEOUTS } from './db/pool.ts';
import { parseReserve, type BudgetReserve } from './domain/swc-budget.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const intFrom = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const simulatorPortOf = (env: { PORT: number; SWC_SIMULATOR_PORT?: number | undefined }) =>
  env.SWC_SIMULATOR_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: intFrom(0, 65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    MANAGEMENT_PORT: intFrom(0, 65535).default(9000),
    MANAGEMENT_HOST: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_CONNECT_TIMEOUT_S: intFrom(1, 600).default(DEFAULT_DB_TIMEOUTS.connectSeconds),
    DATABASE_STATEMENT_TIMEOUT_S: intFrom(1, 3600).default(DEFAULT_DB_TIMEOUTS.statementSeconds),
    DATABASE_IDLE_TX_TIMEOUT_S: intFrom(1, 3600).default(DEFAULT_DB_TIMEOUTS.idleInTransactionSeconds),
    SWC_CLIENT_ID: z.string().min(1).optional(),
    SWC_CLIENT_SECRET: z.string().min(1).optional(),
    SWC_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://www.swcombine.com'),
    SWC_SIMULATOR_PORT: intFrom(0, 65535).optional(),
    SWC_SIMULATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
    SWC_SIMULATOR_RATE_LIMIT: intFrom(1, 1_000_000).default(600),
    SWC_SIMULATOR_RATE_WINDOW_S: intFrom(1, 7 * 24 * 3600).default(3600),
    SWC_SIMULATOR_TOKEN_TTL_S: intFrom(1, 7 * 24 * 3600).default(3600),
    SWC_BUDGET_RESERVE: z
      .string()
      .default('10%')
      .transform(
        (v, ctx) => parseReserve(v) ?? (ctx.addIssue({ code: 'custom', message: 'must be a count like 60 or a share like 10%' }), z.NEVER),
      ),
    // Roster reads end access, so the data sync leaves them a share of the budget above the sign-ins' reserve.
    SWC_ROSTER_RESERVE: z
      .string()
      .default('10%')
      .transform(
        (v, ctx) => parseReserve(v) ?? (ctx.addIssue({ code: 'custom', message: 'must be a count like 60 or a share like 10%' }), z.NEVER),
      ),
    SWC_PROFILE_MAX_AGE_H: intFrom(0, 24 * 365).default(24),
    SWC_REQUEST_TIMEOUT_S: intFrom(1, 300).default(10),
    ADMIN_UIDS: z.string().optional(),
    ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    SESSION_IDLE_MINUTES: intFrom(1, 60 * 24 * 30).default(60 * 24),
    SESSION_MAX_HOURS: intFrom(1, 24 * 365).default(24 * 7),
    COOKIE_DOMAIN: z.string().min(1).optional(),
    AUTH_BASE_URL: z.string().default(''),
    INTEGRATION_BASE_URL: z.string().default(''),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    PORTAL_MODE: z.enum(['all', 'web', 'worker']).default('all'),
    AUDIT_RETENTION_DAYS: intFrom(0, 100 * 365).default(365),
    ROSTER_INTERVAL_MIN: intFrom(1, 7 * 24 * 60).default(15),
    ADMIN_PASSKEY: z.enum(['required', 'optional']).optional(),
    ADMIN_STEP_UP_HOURS: intFrom(1, 24 * 365).default(12),
    GROUP_REQUEST_DAYS: intFrom(1, 365).default(14),
    DISCORD_URL: z.url({ protocol: /^https?$/ }).optional(),
    DISCORD_SIMULATOR_PORT: intFrom(0, 65535).optional(),
    DISCORD_RECONCILE_MIN: intFrom(1, 7 * 24 * 60).default(60),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.SWC_CLIENT_ID) !== Boolean(env.SWC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SWC_CLIENT_SECRET'],
        message: 'SWC_CLIENT_ID and SWC_CLIENT_SECRET must be set together (or both unset for the simulator)',
      });
    }
    const simulator = !env.SWC_CLIENT_ID;
    // An identity service fails closed: the simulator lets anyone sign in as any character, 1:100001 an admin.
    if (env.NODE_ENV === 'production' && simulator && !env.SWC_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SWC_CLIENT_ID'],
        message:
          'is required in production, with SWC_CLIENT_SECRET: without them the portal would start the bundled SWCombine simulator, where anyone signs in as any character and 1:100001 is an admin. Register the portal as a SWCombine application and set both',
      });
    }
    if (env.PORTAL_MODE === 'worker' && simulator && !env.SWC_SIMULATOR_URL && env.NODE_ENV !== 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['SWC_SIMULATOR_URL'],
        message:
          'is required for PORTAL_MODE=worker with the simulator (SWC_CLIENT_ID unset): a worker starts no simulator, so give it the URL of the one a web replica runs (e.g. http://portal-web:3001)',
      });
    }
    // Without it the worker would call a Discord simulator on its own localhost that nobody started.
    if (env.PORTAL_MODE === 'worker' && simulator && !env.DISCORD_URL && env.NODE_ENV !== 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['DISCORD_URL'],
        message:
          'is required for PORTAL_MODE=worker with the simulator (SWC_CLIENT_ID unset): a worker starts no Discord simulator, so give it the URL of the one a web replica runs (e.g. http://portal-web:3002)',
      });
    }
    // Background work (the data sync) only takes requests above the reserve: a reserve of the whole limit starves it.
    if (env.SWC_BUDGET_RESERVE.percent < 100 && env.SWC_BUDGET_RESERVE.percent + env.SWC_ROSTER_RESERVE.percent >= 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['SWC_ROSTER_RESERVE'],
        message: 'with SWC_BUDGET_RESERVE must stay below 100%, or the data sync never gets a request',
      });
    }
    if (env.SWC_BUDGET_RESERVE.percent >= 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['SWC_BUDGET_RESERVE'],
        message: 'must be below 100%, or background work never gets a request',
      });
    }
    if (simulator && env.SWC_BUDGET_RESERVE.count >= env.SWC_SIMULATOR_RATE_LIMIT) {
      ctx.addIssue({
        code: 'custom',
        path: ['SWC_BUDGET_RESERVE'],
        message: `must be below the simulator's limit (SWC_SIMULATOR_RATE_LIMIT=${env.SWC_SIMULATOR_RATE_LIMIT}), or background work never gets a request`,
      });
    }
    // A worker does not listen on PORT, and 0 asks the system for a free port each time.
    if (env.PORTAL_MODE !== 'worker' && env.MANAGEMENT_PORT !== 0) {
      if (env.MANAGEMENT_PORT === env.PORT) {
        ctx.addIssue({
          code: 'custom',
          path: ['MANAGEMENT_PORT'],
          message: `must differ from PORT (${env.PORT}): /metrics must not be reachable on the public port`,
        });
      } else if (simulator && env.MANAGEMENT_PORT === simulatorPortOf(env)) {
        ctx.addIssue({
          code: 'custom',
          path: ['MANAGEMENT_PORT'],
          message: `must differ from the simulator's port ${env.MANAGEMENT_PORT} (SWC_SIMULATOR_PORT, by default PORT + 1)`,
        });
      }
    }
    if (env.ENCRYPTION_KEY_PREVIOUS && !env.ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENCRYPTION_KEY_PREVIOUS'],
        message: 'is the key being replaced: set the new one as ENCRYPTION_KEY beside it',
      });
    }
    if (env.ENCRYPTION_KEY_PREVIOUS && env.ENCRYPTION_KEY_PREVIOUS.toLowerCase() === env.ENCRYPTION_KEY?.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY_PREVIOUS'], message: 'is the same key as ENCRYPTION_KEY: leave it unset' });
    }
    if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY'], message: 'is required in production' });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where /healthz, /readyz and /metrics are served for the orchestrator and Prometheus (a worker's only port). */
  management: { port: number; host: string };
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seconds before a request stops waiting on PostgreSQL (and answers 503). */
  databaseTimeouts: { connectSeconds: number; statementSeconds: number; idleInTransactionSeconds: number };
  swc: {
    simulator: boolean;
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    simulatorPort: number;
    /** Where a worker reaches the simulator a web replica runs (simulator mode only). */
    simulatorUrl: string | undefined;
    /** What the bundled simulator enforces. */
    simulatorLimits: { rateLimit: number; rateWindowSeconds: number; tokenTtlSeconds: number };
    /** The shared web-service request budget: SWCombine's limit until it answers, and what background work leaves. */
    budget: { assumedLimit: number; windowSeconds: number; reserve: BudgetReserve; rosterReserve: BudgetReserve };
    /** A returning player's profile younger than this is not read again at sign-in. */
    profileMaxAgeHours: number;
    /** Seconds one request to SWCombine may take before it counts as SWCombine not answering. */
    requestTimeoutSeconds: number;
  };
  adminUids: string[];
  encryptionKeyHex: string | undefined;
  /** The key being replaced: still decrypts, until the re-encryption job has moved every secret to the new one. */
  encryptionKeyPreviousHex: string | undefined;
  session: { idleMinutes: number; maxHours: number; cookieDomain: string | undefined; secureCookie: boolean };
  authBaseUrl: string;
  integrationBaseUrl: string;
  webDist: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** all: HTTP and jobs; web: HTTP only; worker: jobs only (scale them apart). */
  mode: 'all' | 'web' | 'worker';
  /** Audit events older than this many days are deleted by the clean-up job; 0 keeps them all. */
  audit: { retentionDays: number };
  /** How often each faction roster a binding may read is read again, in minutes. */
  rosterIntervalMinutes: number;
  /**
   * required: the admin console needs a session that used a passkey within `stepUpHours`
   * (the default with a real SWCombine); optional: a SWCombine sign-in is enough (the simulator's default).
   */
  adminPasskey: { required: boolean; stepUpHours: number };
  /** A request to join a group no manager answered in this many days expires. */
  groupRequestDays: number;
  discord: {
    /** DISCORD_URL: the OAuth2 pages at `${url}/oauth2/authorize`, the API at `${url}/api/v10`. */
    url: string;
    /** The bundled Discord simulator runs (with the SWCombine simulator, DISCORD_URL unset); `url` is then its address. */
    simulator: boolean;
    simulatorPort: number;
    /** How often the reconcile reads the server's members, in minutes. */
    reconcileMinutes: number;
  };
}

/** The dev client the product registers with its bundled simulator. */
export const SIMULATOR_CLIENT = { clientId: 'portal-dev', clientSecret: 'portal-dev-secret' } as const;

export class ConfigError extends Error {}

/** The Discord simulator listens on PORT + 2 (the SWCombine simulator on PORT + 1) unless told otherwise. */
function discordOf(
  env: { PORT: number; DISCORD_URL?: string | undefined; DISCORD_SIMULATOR_PORT?: number | undefined; DISCORD_RECONCILE_MIN: number },
  swcSimulator: boolean,
): Config['discord'] {
  const simulator = swcSimulator && !env.DISCORD_URL;
  const simulatorPort = env.DISCORD_SIMULATOR_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 2);
  return {
    url: (env.DISCORD_URL ?? (simulator ? `http://localhost:${simulatorPort}` : 'https://discord.com')).replace(/\/+$/, ''),
    simulator,
    simulatorPort,
    reconcileMinutes: env.DISCORD_RECONCILE_MIN,
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const simulator = !env.SWC_CLIENT_ID;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const host = new URL(publicUrl).hostname;
  const adminUids = (env.ADMIN_UIDS ?? (simulator ? '1:100001' : ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    management: { port: env.MANAGEMENT_PORT, host: env.MANAGEMENT_HOST ?? env.HOST },
    publicUrl,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseTimeouts: {
      connectSeconds: env.DATABASE_CONNECT_TIMEOUT_S,
      statementSeconds: env.DATABASE_STATEMENT_TIMEOUT_S,
      idleInTransactionSeconds: env.DATABASE_IDLE_TX_TIMEOUT_S,
    },
    swc: {
      simulator,
      baseUrl: env.SWC_BASE_URL.replace(/\/+$/, ''),
      clientId: env.SWC_CLIENT_ID ?? SIMULATOR_CLIENT.clientId,
      clientSecret: env.SWC_CLIENT_SECRET ?? SIMULATOR_CLIENT.clientSecret,
      simulatorPort: simulatorPortOf(env),
      simulatorUrl: env.SWC_SIMULATOR_URL?.replace(/\/+$/, ''),
      simulatorLimits: {
        rateLimit: env.SWC_SIMULATOR_RATE_LIMIT,
        rateWindowSeconds: env.SWC_SIMULATOR_RATE_WINDOW_S,
        tokenTtlSeconds: env.SWC_SIMULATOR_TOKEN_TTL_S,
      },
      // SWCombine allows 600 web-service requests per hour per IP unless it says otherwise.
      budget: {
        assumedLimit: simulator ? env.SWC_SIMULATOR_RATE_LIMIT : 600,
        windowSeconds: simulator ? env.SWC_SIMULATOR_RATE_WINDOW_S : 3600,
        reserve: env.SWC_BUDGET_RESERVE,
        rosterReserve: env.SWC_ROSTER_RESERVE,
      },
      profileMaxAgeHours: env.SWC_PROFILE_MAX_AGE_H,
      requestTimeoutSeconds: env.SWC_REQUEST_TIMEOUT_S,
    },
    adminUids,
    encryptionKeyHex: env.ENCRYPTION_KEY,
    encryptionKeyPreviousHex: env.ENCRYPTION_KEY_PREVIOUS,
    session: {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      maxHours: env.SESSION_MAX_HOURS,
      cookieDomain: env.COOKIE_DOMAIN,
      secureCookie: !(new URL(publicUrl).protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(host)),
    },
    authBaseUrl: env.AUTH_BASE_URL.replace(/\/+$/, ''),
    integrationBaseUrl: env.INTEGRATION_BASE_URL.replace(/\/+$/, ''),
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    mode: env.PORTAL_MODE,
    audit: { retentionDays: env.AUDIT_RETENTION_DAYS },
    rosterIntervalMinutes: env.ROSTER_INTERVAL_MIN,
    adminPasskey: {
      required: (env.ADMIN_PASSKEY ?? (simulator ? 'optional' : 'required')) === 'required',
      stepUpHours: env.ADMIN_STEP_UP_HOURS,
    },
    groupRequestDays: env.GROUP_REQUEST_DAYS,
    discord: discordOf(env, simulator),
  };
}
