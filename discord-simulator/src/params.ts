/** Reading OAuth-style parameters from a parsed query string or form body. */

/** The parameter's value; missing, empty or repeated parameters read as undefined. */
export function param(src: unknown, name: string): string | undefined {
  if (!src || typeof src !== 'object') return undefined;
  const v = (src as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** `url` with `params` added to its query (undefined values skipped), keeping any query it already has. */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
}

export function isFormRequest(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}
