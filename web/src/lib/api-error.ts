/** Every failed call: the HTTP status (0 = no response), and the `{error, message}` body of SPEC.md. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly error: string;

  constructor(status: number, error: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.error = error;
  }
}

/** SPEC.md §8: a 401 or no response at all means the session is gone; the guard sends the user to /login. */
export function isSessionFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 0);
}

/** Retry once on a server error; never on 4xx or no response (those are answers, not hiccups). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500 && failureCount < 1;
}

/**
 * SPEC.md §8: the server's `message` field, else the screen's fallback. Only an `{error, message}` answer
 * counts as a message from the server (not a bare status line, no answer, or an unexpected body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const fromServer = error.status > 0 && error.error !== 'invalid_response' && !/^http_\d+$/.test(error.error);
  return fromServer && error.message.trim() ? error.message : fallback;
}
