import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import type { Deps } from '../../../src/deps.ts';
import { createEncryptor } from '../../../src/lib/encryption.ts';
import { setForwarding } from '../../../src/services/audit-trail/forwarding.ts';
import { encryptionKeyChange } from '../../../src/services/encryption-key/jobs.ts';
import { listSealedValues, SEALED_COLUMNS } from '../../../src/services/encryption-key/queries/sealed-values.ts';
import type { ReencryptResult } from '../../../src/services/encryption-key/reencrypt.ts';
import { createKeySet } from '../../../src/services/tokens/signing-keys.ts';
import { connectRosterBinding, userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

const KEY_A = 'ab'.repeat(32); // the test app's ENCRYPTION_KEY
const KEY_B = 'cd'.repeat(32);

let ctx: TestContext;
const warnings: string[] = [];
const runJob = (deps: Deps) =>
  encryptionKeyChange.run(deps, {
    data: {},
    resend: async () => undefined,
    worker: null,
    warn: (m) => void warnings.push(m),
  }) as Promise<ReencryptResult>;

async function sealedValues(): Promise<string[]> {
  return (await Promise.all(SEALED_COLUMNS.map((c) => listSealedValues(ctx.deps.db, c)))).flat().map((v) => v.sealed);
}
const auditRows = async () =>
  (await ctx.deps.db.query(`SELECT details FROM audit_log WHERE event = 'encryption_key_changed' ORDER BY id`)).rows as {
    details: object;
  }[];

beforeAll(async () => {
  ctx = await createTestApp();
  // A secret of every kind: signing keys, the admin's SWCombine tokens and binding, and the Activity webhook's secret.
  const admin = (await signIn(ctx, '1:100001')).cookie;
  await connectRosterBinding(ctx, admin, '1:100001');
  await ctx.deps.keys.ensure();
  const actor = { userId: await userIdOf(ctx, '1:100001'), meta: { ip: '127.0.0.1', userAgent: null } };
  await setForwarding(ctx.deps, actor, { url: 'https://siem.example.com/hook', secret: 'webhook-secret-0123456789' });
});
afterAll(() => ctx.close());

describe('changing ENCRYPTION_KEY', () => {
  it('knows every sealed column of the schema', async () => {
    const { rows } = await ctx.deps.db.query<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name LIKE '%\\_enc' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
  });

  it('key A, then B with A as previous: the job re-encrypts every secret, says it has finished, and B alone opens them all', async () => {
    const sealed = await sealedValues();
    const tables = new Set(
      (await Promise.all(SEALED_COLUMNS.map(async (c) => ((await listSealedValues(ctx.deps.db, c)).length ? c.table : null)))).filter(
        Boolean,
      ),
    );
    expect([...tables].sort()).toEqual(['audit_forwarding', 'signing_keys', 'swc_bindings', 'swc_tokens']);
    const onlyB = createEncryptor(KEY_B);
    expect(() => onlyB.decrypt(sealed[0]!)).toThrow();

    const rotating = { ...ctx.deps, encryptor: createEncryptor(KEY_B, KEY_A) };
    // Meanwhile, a portal on B with A as previous still reads what A sealed.
    for (const value of sealed) expect(() => rotating.encryptor.decrypt(value)).not.toThrow();
    const result = await runJob(rotating);
    expect(result).toEqual({ reencrypted: sealed.length, current: 0, unreadable: [], finished: true });
    expect(warnings.at(-1)).toContain('ENCRYPTION_KEY change finished');
    expect(warnings.at(-1)).toContain('Remove ENCRYPTION_KEY_PREVIOUS');
    expect(await auditRows()).toEqual([{ details: { reencrypted: sealed.length, current: 0 } }]);

    // Started with B alone: every secret still decrypts, and the signing keys sign.
    for (const value of await sealedValues()) expect(() => onlyB.decrypt(value)).not.toThrow();
    const keys = createKeySet({ db: ctx.deps.db, clock: ctx.clock, encryptor: onlyB });
    expect(await keys.signingJwks()).toHaveLength(2);
    expect((await keys.sign({ sub: '1:100001' }, 'at+jwt')).split('.')).toHaveLength(3);

    // A second run finds nothing to do, and writes no second audit row.
    expect(await runJob(rotating)).toMatchObject({ reencrypted: 0, current: sealed.length, finished: true });
    expect(await auditRows()).toHaveLength(1);
  });

  it('says the change has not finished while a secret opens with neither key, and keeps that secret as it is', async () => {
    const stray = createEncryptor('ef'.repeat(32)).encrypt('sealed with a third key');
    await ctx.deps.db.query('UPDATE audit_forwarding SET secret_enc = $1', [stray]);
    const result = await runJob({ ...ctx.deps, encryptor: createEncryptor(KEY_B, KEY_A) });
    expect(result.finished).toBe(false);
    expect(result.unreadable).toEqual(['audit_forwarding.secret_enc (true)']);
    expect(warnings.at(-1)).toContain('Keep ENCRYPTION_KEY_PREVIOUS');
    expect((await ctx.deps.db.query('SELECT secret_enc FROM audit_forwarding')).rows[0].secret_enc).toBe(stray);
  });

  it('does nothing without ENCRYPTION_KEY_PREVIOUS', async () => {
    expect(
      await encryptionKeyChange.run(ctx.deps, { data: {}, resend: async () => undefined, worker: null, warn: () => undefined }),
    ).toEqual({
      changing: false,
    });
  });

  it('refuses ENCRYPTION_KEY_PREVIOUS alone, or equal to ENCRYPTION_KEY, in words', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY_PREVIOUS: KEY_A })).toThrow(ConfigError);
    expect(() => loadConfig({ ENCRYPTION_KEY_PREVIOUS: KEY_A })).toThrow('set the new one as ENCRYPTION_KEY beside it');
    expect(() => loadConfig({ ENCRYPTION_KEY: KEY_A, ENCRYPTION_KEY_PREVIOUS: KEY_A.toUpperCase() })).toThrow(
      'is the same key as ENCRYPTION_KEY',
    );
    expect(loadConfig({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: KEY_A }).encryptionKeyPreviousHex).toBe(KEY_A);
  });
});
