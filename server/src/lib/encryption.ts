import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for secrets at rest: `v1.<iv>.<tag>.<ciphertext>` in base64url. While the key changes, the
 * previous key still decrypts (GCM's tag tells which key sealed a value); everything new is sealed with the
 * current one.
 */
export interface Encryptor {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Was `sealed` sealed with the current key? (False for the previous key's values, and for values no key opens.) */
  sealedWithCurrent(sealed: string): boolean;
  /** Is a previous key set (ENCRYPTION_KEY_PREVIOUS)? */
  readonly changing: boolean;
  /** A key for another purpose (e.g. signing cookies), derived from this one with HKDF and a label. */
  deriveKey(label: string): Buffer;
  /** The same, from the current key and then the previous one: for what accepts a key list, newest first. */
  deriveKeys(label: string): Buffer[];
}

function keyFrom(hex: string): Buffer {
  const key = Buffer.from(hex, 'hex');
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
  return key;
}

function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

const derive = (key: Buffer, label: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, 32));

export function createEncryptor(keyHex: string, previousHex?: string): Encryptor {
  const key = keyFrom(keyHex);
  const previous = previousHex ? keyFrom(previousHex) : null;
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(sealed) {
      if (!previous) return open(key, sealed);
      try {
        return open(key, sealed);
      } catch {
        return open(previous, sealed);
      }
    },
    sealedWithCurrent(sealed) {
      try {
        open(key, sealed);
        return true;
      } catch {
        return false;
      }
    },
    changing: previous !== null,
    deriveKey: (label) => derive(key, label),
    deriveKeys: (label) => [key, ...(previous ? [previous] : [])].map((k) => derive(k, label)),
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
