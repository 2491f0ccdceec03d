/** Where service JWTs land: a Kubernetes Secret, or a local folder standing in for one. */
export interface SecretWrite {
  namespace: string;
  name: string;
  key: string;
  value: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface SecretSink {
  /** Human-readable target, said at start ("Kubernetes at https://…", "folder …"). */
  readonly description: string;
  /** Creates the Secret, or patches only `key` (and our labels/annotations) when it exists. */
  write(w: SecretWrite): Promise<void>;
}

/** A write that failed, with what an operator needs to act on it. */
export class SecretWriteError extends Error {
  readonly statusCode?: number;
  readonly reason?: string;

  constructor(message: string, statusCode?: number, reason?: string) {
    super(message);
    this.statusCode = statusCode;
    this.reason = reason;
  }
}

/**
 * The entries of `maps` merged, later ones winning, into an object without a prototype: a key
 * such as `__proto__` or `constructor` is then an ordinary entry and cannot vanish.
 */
export function plainMap(...maps: (Record<string, string> | undefined)[]): Record<string, string> {
  const merged = Object.create(null) as Record<string, string>;
  for (const map of maps) for (const [k, v] of Object.entries(map ?? {})) merged[k] = v;
  return merged;
}
