import type { Pool } from 'pg';
import type { Config } from './config.ts';
import type { SecretSink } from './integrations/kubernetes/secret-sink.ts';
import type { SwcClient } from './integrations/swcombine/client.ts';
import type { Clock } from './lib/clock.ts';
import type { AuthCache } from './lib/auth-cache.ts';
import type { Encryptor } from './lib/encryption.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { VerifiedAccess } from './services/forward-auth.ts';
import type { KeySet } from './services/signing-keys.ts';

/** Everything from outside that the app uses, injected so tests swap in fakes without patching. */
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
