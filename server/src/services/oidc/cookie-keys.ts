import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** The cookies of the OpenID Provider (the library's own names): its session's id is read ahead from the first. */
export const LIBRARY_COOKIE_NAMES = { session: '_session', interaction: '_interaction', resume: '_interaction_resume' } as const;
export const LIBRARY_SESSION_COOKIE = LIBRARY_COOKIE_NAMES.session;

/**
 * The key list the OpenID Provider signs its cookies with, newest first, in the shape of Keygrip (the
 * library takes one in place of a list). Keygrip keys each HMAC with the raw bytes, which Node converts
 * into a key again at every call (a KeyObject is made once), and compares through two more
 * HMACs under random keys; a code flow checks and signs several cookies. The signatures are Keygrip's
 * defaults (HMAC-SHA1, base64url without padding), so cookies signed before still verify.
 */
export class CookieKeys {
  readonly #keys: readonly KeyObject[];

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('cookie keys: at least one key is needed');
    this.#keys = keys.map((key) => createSecretKey(key));
  }

  sign(data: string): string {
    return signWith(this.#keys[0]!, data);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` as `digest`: its place in the list, or -1. */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    return this.#keys.findIndex((key) => {
      const expected = Buffer.from(signWith(key, data));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}

const signWith = (key: KeyObject, data: string) => createHmac('sha1', key).update(data).digest('base64url');
