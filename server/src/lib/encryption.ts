import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** AES-256-GCM for secrets at rest: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export interface Encryptor {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A key for another purpose (e.g. signing cookies), derived from this one with HKDF and a label. */
  deriveKey(label: string): Buffer;
}

export function createEncryptor(keyHex: string): Encryptor {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    deriveKey(label) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, 32));
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** For local runs without ENCRYPTION_KEY: a key generated once and kept under DATA_DIR. */
export function loadOrCreateDevKey(dataDir: string): string {
  const file = path.resolve(dataDir, 'encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
