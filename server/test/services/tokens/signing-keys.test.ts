import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/lib/clock.ts';
import { createEncryptor } from '../../../src/lib/encryption.ts';
import { createKeySet } from '../../../src/services/tokens/signing-keys.ts';
import { TestClock } from '../../helpers/test-app.ts';
import { createTestDb } from '../../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => (database = await createTestDb()));
afterAll(() => database.drop());

const H = 3_600_000;
const encryptor = createEncryptor('cd'.repeat(32));

describe('the signing key set', () => {
  it('rotates keys: publishes the successor before it signs, keeps the old one while its tokens live', async () => {
    const clock = new TestClock(new Date('2026-01-01T00:00:00Z'));
    const policy = { signingPeriodMs: 10 * H, publishLeadMs: 2 * H, maxTokenLifetimeMs: 1 * H };
    const keys = createKeySet({ db: database.db, clock, encryptor }, policy);
    await keys.ensure();
    const oldToken = await keys.sign({ sub: 'a', exp: Math.floor(clock.now().getTime() / 1000) + 3600 }, 'at+jwt');
    const es256 = async () => (await keys.jwks()).keys.filter((k) => k.alg === 'ES256').map((k) => k.kid);
    const [oldKid] = await es256();

    clock.advance(8 * H); // within the lead time: a successor appears but does not sign yet
    await keys.ensure();
    await keys.ensure(); // idempotent
    expect(await es256()).toHaveLength(2);
    const beforeSwitch = await keys.sign({ sub: 'b' }, 'at+jwt');
    expect(JSON.parse(Buffer.from(beforeSwitch.split('.')[0]!, 'base64url').toString()).kid).toBe(oldKid);

    clock.advance(2 * H); // the old key retires, the successor signs
    const afterSwitch = await keys.sign({ sub: 'c' }, 'at+jwt');
    const newKid = JSON.parse(Buffer.from(afterSwitch.split('.')[0]!, 'base64url').toString()).kid;
    expect(newKid).not.toBe(oldKid);
    const jwks = createLocalJWKSet(await keys.jwks());
    // the old key still verifies the token it signed (checked at a time that token was valid)
    await expect(jwtVerify(oldToken, jwks, { currentDate: new Date('2026-01-01T00:30:00Z') })).resolves.toBeTruthy();
    expect((await keys.jwks()).keys.map((k) => k.kid)).toContain(oldKid);

    clock.advance(3 * H); // past the old key's expiry
    expect((await createKeySet({ db: database.db, clock, encryptor }, policy).jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
  });

  it('keeps one key of each algorithm signing, RS256 for the id_tokens apps ask for', async () => {
    const keys = createKeySet({ db: database.db, clock: new TestClock(new Date('2027-06-01T00:00:00Z')), encryptor });
    const signing = await keys.signingJwks();
    expect(signing.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of signing) expect(key).toHaveProperty('d');
    const published = (await keys.jwks()).keys;
    for (const key of signing) expect(published.find((p) => p.kid === key.kid)).not.toHaveProperty('d');
  });

  it('keeps private keys encrypted at rest', async () => {
    await createKeySet({ db: database.db, clock: systemClock, encryptor }).ensure();
    const { rows } = await database.db.query('SELECT private_jwk_enc FROM signing_keys');
    for (const r of rows) expect(r.private_jwk_enc).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain('"d":');
  });
});
