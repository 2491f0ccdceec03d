import { hasControlCharacters } from '@portal/contract';

// The URL parser would silently drop tabs and line breaks and strip leading control characters,
// so an `rd` holding whitespace or a control character is refused, not repaired.
const isUnsafe = (text: string) => /\s/.test(text) || hasControlCharacters(text);
// What a Location header can carry: printable ASCII only.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

// The host part of `scheme://host/…` as sent, percent-escapes decoded byte by byte.
const decodedAuthority = (rd: string) =>
  (/^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(rd)?.[1] ?? '').replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/** Is `rd` free of whitespace and control characters, as sent and in its percent-decoded host? */
export const isCleanReturnAddress = (rd: string): boolean => !isUnsafe(rd) && !isUnsafe(decodedAuthority(rd));

/**
 * Is `rd` one of the app's registered redirect URLs? Compared after URL parsing: same scheme,
 * host and port, and the same path; a registered URL ending in `/` admits every path below it
 * (forward auth sends the original page). Query strings are kept as the caller sent them.
 *
 * Answers the normalised URL (`URL.href`) to store and redirect to, never the raw text, or null
 * when `rd` is refused. The answer always fits a Location header.
 */
export function registeredRedirect(rd: string, registered: readonly string[]): string | null {
  if (!isCleanReturnAddress(rd)) return null;
  const target = parseHttpUrl(rd);
  if (!target || !HEADER_SAFE.test(target.href)) return null;
  const admitted = registered.some((entry) => {
    const allowed = parseHttpUrl(entry);
    if (!allowed || allowed.origin !== target.origin) return false;
    if (allowed.pathname.endsWith('/')) return target.pathname.startsWith(allowed.pathname);
    return target.pathname === allowed.pathname;
  });
  return admitted ? target.href : null;
}
