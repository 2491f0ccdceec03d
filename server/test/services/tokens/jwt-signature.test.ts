import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/lib/clock.ts';
import { createEncryptor } from '../../../src/lib/encryption.ts';
import type { KeySet } from '../../../src/deps.ts';
import { createKeySet } from '../../../src/services/tokens/signing-keys.ts';
import { createTestDb } from '../../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDb>>;
let keys: KeySet;
beforeAll(async () => {
  database = await createTestDb();
  keys = createKeySet({ db: database.db, clock: systemClock, encryptor: createEncryptor('cd'.repeat(32)) });
  await keys.ensure();
});
afterAll(() => database.drop());

describe('tokens the product signs', () => {
  it.each(['at+jwt', 'JWT', 'logout+jwt'])('a %s token verifies with a standard JOSE library against the published JWKS', async (typ) => {
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://portal.example.com',
      aud: 'wiki',
      sub: '1:100002',
      name: 'Mira Solan ✓',
      roles: ['staff'],
      iat,
      exp: iat + 300,
    };
    const token = await keys.sign(claims, typ);
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(await keys.jwks()), { algorithms: ['ES256'], typ });
    expect(payload).toEqual(claims);
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: (await keys.jwks()).keys[0]!.kid, typ });
  });
});
