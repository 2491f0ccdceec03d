import { describe, expect, it } from 'vitest';
import { createEncryptor } from '../../src/lib/encryption.ts';

const enc = createEncryptor('11'.repeat(32));

describe('encryption at rest', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const sealed = enc.encrypt('swc-refresh-token');
    expect(sealed).not.toContain('swc-refresh-token');
    expect(enc.decrypt(sealed)).toBe('swc-refresh-token');
  });
  it('uses a fresh IV each time', () => expect(enc.encrypt('x')).not.toBe(enc.encrypt('x')));
  it('detects tampering', () => {
    const [v, iv, tag, data] = enc.encrypt('secret').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => enc.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });
  it('refuses another key', () => expect(() => createEncryptor('22'.repeat(32)).decrypt(enc.encrypt('x'))).toThrow());
  it('while the key changes: seals with the new key, opens what either key sealed, and tells which sealed it', () => {
    const changing = createEncryptor('22'.repeat(32), '11'.repeat(32));
    const old = enc.encrypt('old secret');
    const fresh = changing.encrypt('new secret');
    expect(changing.decrypt(old)).toBe('old secret');
    expect(changing.sealedWithCurrent(old)).toBe(false);
    expect(changing.sealedWithCurrent(fresh)).toBe(true);
    expect(() => enc.decrypt(fresh)).toThrow();
    expect(() => changing.decrypt(createEncryptor('33'.repeat(32)).encrypt('x'))).toThrow();
    expect(changing.deriveKeys('cookies')).toEqual([createEncryptor('22'.repeat(32)).deriveKey('cookies'), enc.deriveKey('cookies')]);
  });
});
