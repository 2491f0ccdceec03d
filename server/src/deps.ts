import type { JWK, JWTPayload } from 'jose';
import type { Pool } from 'pg';
import type { Config } from './config.ts';
import type { SecretSink } from './integrations/kubernetes/secret-sink.ts';
import type { SwcClient } from './integrations/swcombine/client.ts';
import type { AuthCache } from './lib/auth-cache.ts';
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
  /** Forward-auth answers; flushed after any change to who may do what (access, roles, apps, sessions). */
  authCache: AuthCache<VerifiedAccess>;
  /** Background jobs (pg-boss in the product). */
  queue: JobQueue;
}

/** The portal's signing keys (services/tokens/signing-keys.ts keeps them in PostgreSQL). */
export interface KeySet {
  /** Makes the first key or a successor when due; safe to call from every replica. */
  ensure(): Promise<void>;
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

/** What an app behind the ingress receives for an admitted request (forward auth), as the cache keeps it. */
export interface VerifiedAccess {
  uid: string;
  name: string;
  roles: string[];
  /** The groups the player is in, by name (a faction under its name). */
  groups: string[];
  jwt: string;
}
