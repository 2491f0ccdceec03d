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
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly reason?: string,
  ) {
    super(message);
  }
}
