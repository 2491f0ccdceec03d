/** Reading OAuth-style parameters from a parsed query string or form body. */
export type ParamSource = unknown;

/** The parameter's value; missing, empty or repeated parameters read as undefined. */
export function param(src: ParamSource, name: string): string | undefined {
  if (!src || typeof src !== 'object') return undefined;
  const v = (src as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Every non-empty value of a parameter that may repeat (checkboxes). */
export function paramList(src: ParamSource, name: string): string[] {
  if (!src || typeof src !== 'object') return [];
  const v = (src as Record<string, unknown>)[name];
  const all = Array.isArray(v) ? v : [v];
  return all.filter((x): x is string => typeof x === 'string' && x !== '');
}

/** The first of `names` given more than once (RFC 6749 §3.1: parameters must not repeat). */
export function repeatedParam(src: ParamSource, names: readonly string[]): string | undefined {
  if (!src || typeof src !== 'object') return undefined;
  return names.find((n) => Array.isArray((src as Record<string, unknown>)[n]));
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
