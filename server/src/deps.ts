import type { JWK, JWTPayload } from 'jose';
import type { Pool } from 'pg';
import type { Config } from './config.ts';
import type { DiscordApi } from './integrations/discord/types.ts';
import type { SecretSink } from './integrations/kubernetes/secret-sink.ts';
import type { SwcClient } from './integrations/swcombine/client.ts';
import type { AccessChanged } from './lib/access-changed.ts';
import type { Clock } from './lib/clock.ts';
import type { Encryptor } from './lib/encryption.ts';

/**
 * The ports: everything from outside that the app uses, injected so tests swap in fakes without
 * patching. A function takes `Pick<Deps, …>` naming the ports it uses. This module is at the
 * bottom: it imports only interfaces, so anything may import it.
 */
export interface Deps {
  config: Config;
  db: Pool;
  swc: SwcClient;
  clock: Clock;
  encryptor: Encryptor;
  /** The product's JWT signing keys (published at /.well-known/jwks.json). */
  keys: KeySet;
  /** Where service JWTs are written: Kubernetes, or a local folder. */
  secrets: SecretSink;
  /** Announced after any change to who may do what (access, roles, apps, sessions), on every replica; caches listen. */
  accessChanged: AccessChanged;
  /** Background jobs (pg-boss in the product). */
  queue: JobQueue;
  /** The community's Discord server, at DISCORD_URL (or the bundled simulator). */
  discord: DiscordApi;
}

/** The portal's signing keys (services/tokens/signing-keys.ts keeps them in PostgreSQL). */
export interface KeySet {
  /** Makes the first key or a successor when due; safe to call from every replica. */
  ensure(): Promise<void>;
  /** Deletes every key and makes new ones that sign at once, in the caller's transaction (a suspected leak). */
  replaceNow(tx: Pick<Pool, 'query'>): Promise<{ removed: string[]; added: string[] }>;
  /** The public keys to publish at /.well-known/jwks.json. */
  jwks(): Promise<{ keys: JWK[] }>;
  /** The private keys signing now, one per algorithm (ES256, RS256): the OpenID Provider signs with them. */
  signingJwks(): Promise<JWK[]>;
  /** Signs with the current ES256 key; `typ` is explicit per kind of token (RFC 8725). */
  sign(payload: JWTPayload, typ: string): Promise<string>;
}

/** What services need from the job system: hand a job over, to run once, retried on failure. */
export interface JobQueue {
  send(name: string, data: object): Promise<void>;
}

/** How a job's queue retries a failed job (pg-boss's queue options; delays in seconds), and when a job that runs too long expires. */
export interface JobRetries {
  retryLimit: number;
  retryDelay: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  expireInSeconds?: number;
}

/** One job as its handler sees it. */
export interface JobRun<Data extends object> {
  data: Data;
  /** Queues this job again with `data`, to start at `startAfter`: the continuation of a long job. */
  resend(data: Data, startAfter: Date): Promise<void>;
  /** The presence id of this worker process, which sync leases name; null while it holds none. */
  worker: number | null;
  warn(msg: string): void;
}

/**
 * One background job: its queue, when it runs and what it does. Each is defined beside its service
 * (a feature's `jobs.ts`), and jobs/registry.ts lists them all for the job system.
 */
export interface JobDefinition<Data extends object = object> {
  /** The queue's name; fixed, since jobs waiting in it outlive a release. */
  name: string;
  /** The scheduled sweeps' retries (3, 10 s apart, with backoff) unless given. */
  retries?: JobRetries;
  /** A cron line: pg-boss runs each tick on one worker. */
  schedule?: string;
  /** Services send it from any replica, so its queue exists on web replicas too and pg-boss 10's waiting jobs of it are taken over. */
  handedOver?: boolean;
  /** How often a worker asks for jobs; pg-boss's 2 s unless given. */
  pollingIntervalSeconds?: number;
  /** Run once too when a worker starts: work that a killed worker left behind goes on at once. */
  atWorkerStart?: boolean;
  run(deps: Deps, job: JobRun<Data>): Promise<unknown>;
}
