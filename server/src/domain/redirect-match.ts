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

/**
 * Is `rd` one of the app's registered redirect URLs? Compared after URL parsing: same scheme,
 * host and port, and the same path; a registered URL ending in `/` admits every path below it
 * (forward auth sends the original page). Query strings are kept as the caller sent them.
 */
export function matchesRegisteredRedirect(rd: string, registered: readonly string[]): boolean {
  const target = parseHttpUrl(rd);
  if (!target) return false;
  return registered.some((entry) => {
    const allowed = parseHttpUrl(entry);
    if (!allowed || allowed.origin !== target.origin) return false;
    if (allowed.pathname.endsWith('/')) return target.pathname.startsWith(allowed.pathname);
    return target.pathname === allowed.pathname;
  });
}
