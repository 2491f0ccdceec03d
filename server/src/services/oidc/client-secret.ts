import { AuditEvent, PORTAL_APP_KEY, type ClientSecret, type OidcClient } from '@portal/contract';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { clientMetadata } from '../../domain/oidc-client.ts';
import { NotFound, Refused } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { findAppById } from '../../queries/apps.ts';
import { findOidcClientApp, setClientSecretHash } from './queries/clients.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { DISCOVERY_PATH } from './paths.ts';

async function clientApp(deps: Pick<Deps, 'db'>, id: string) {
  const app = await findAppById(deps.db, id);
  if (!app) throw new NotFound('No app with this id.');
  if (app.key === PORTAL_APP_KEY) throw new Refused('invalid', 'The portal app is the OpenID Provider itself, not one of its clients.');
  return (await findOidcClientApp(deps.db, app.key))!;
}

/** The app as a client, as App Catalog shows it. */
export async function describeOidcClient(deps: Pick<Deps, 'db' | 'config'>, id: string): Promise<OidcClient> {
  const app = await clientApp(deps, id);
  const metadata = clientMetadata({ ...app, secretHashHex: app.client_secret_hash ? app.client_secret_hash.toString('hex') : null });
  return {
    client_id: app.key,
    client_type: app.client_secret_hash ? 'confidential' : 'public',
    secret_created_at: app.client_secret_created_at?.toISOString() ?? null,
    discovery_url: `${deps.config.publicUrl}${DISCOVERY_PATH}`,
    redirect_uris: (metadata?.redirect_uris as string[] | undefined) ?? [],
  };
}

/**
 * A new random 256-bit secret for the app, in the caller's transaction, audited: answered once, only its hash
 * is kept. It replaces the one before (`replacing`).
 */
export async function issueClientSecretIn(
  deps: Pick<Deps, 'clock'>,
  tx: DbClient,
  actor: Actor,
  app: { id: string; key: string },
  replacing: boolean,
): Promise<ClientSecret> {
  const secret = randomToken(32);
  await setClientSecretHash(tx, app.id, sha256(secret), deps.clock.now());
  await auditAdmin(deps, tx, actor, replacing ? AuditEvent.ClientSecretReplaced : AuditEvent.ClientSecretCreated, { appKey: app.key });
  return { client_id: app.key, client_secret: secret };
}

/**
 * A new secret for an app, answered once; it replaces the one before at the next request on every
 * replica (the client door's kept apps are dropped).
 */
export async function createClientSecret(
  deps: Pick<Deps, 'db' | 'clock' | 'accessChanged'>,
  actor: Actor,
  id: string,
): Promise<ClientSecret> {
  const app = await clientApp(deps, id);
  return inTransaction(deps.db, (tx) => {
    tx.afterCommit(() => deps.accessChanged.publish());
    return issueClientSecretIn(deps, tx, actor, app, app.client_secret_hash !== null);
  });
}

/** The app is a public client again; what was issued to it with the secret ends (through the one way access ends). */
export async function removeClientSecret(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const app = await clientApp(deps, id);
  if (!app.client_secret_hash) throw new NotFound(`${app.name} has no client secret: it is already a public client.`);
  await inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'app', appId: app.id, uses: 'oidc' }]);
    await setClientSecretHash(tx, app.id, null, deps.clock.now());
    await auditAdmin(deps, tx, actor, AuditEvent.ClientSecretDeleted, { appKey: app.key, details: { tokens_ended: ended.oidcRecords } });
  });
}
