import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CookieKeys } from '../../../src/services/oidc/cookie-keys.ts';

// The Keygrip the provider's cookies module builds from a plain key list: cookies it signed before must still verify.
const Keygrip = createRequire(import.meta.url)('keygrip') as new (keys: Buffer[]) => {
  sign(data: string): string;
  index(data: string, digest: string): number;
};

describe('the OpenID Provider cookie keys', () => {
  const current = randomBytes(32);
  const previous = randomBytes(32);
  const data = '_session=mGyL3b8c5oG2qkTJ7aGZQ';

  it('signs as Keygrip does, so a cookie signed before an upgrade still verifies, and the other way round', () => {
    const ours = new CookieKeys([current, previous]);
    const theirs = new Keygrip([current, previous]);
    expect(ours.sign(data)).toBe(theirs.sign(data));
    expect(ours.index(data, theirs.sign(data))).toBe(0);
    expect(theirs.index(data, ours.sign(data))).toBe(0);
  });

  it('knows a cookie signed with the previous key while the key changes, and signs new ones with the current key', () => {
    const signedBefore = new CookieKeys([previous]).sign(data);
    const changing = new CookieKeys([current, previous]);
    expect(changing.index(data, signedBefore)).toBe(1);
    expect(changing.verify(data, signedBefore)).toBe(true);
    expect(changing.sign(data)).not.toBe(signedBefore);
    expect(new CookieKeys([current]).verify(data, signedBefore)).toBe(false);
  });

  it('refuses a changed value, a changed signature, and signatures of another length', () => {
    const keys = new CookieKeys([current]);
    const signature = keys.sign(data);
    expect(keys.verify(`${data}x`, signature)).toBe(false);
    expect(keys.verify(data, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(keys.verify(data, signature.slice(1))).toBe(false);
    expect(keys.verify(data, '')).toBe(false);
  });

  it('needs a key', () => {
    expect(() => new CookieKeys([])).toThrow('at least one key');
  });
});
