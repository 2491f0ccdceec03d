import { isServerErrorCode, type ErrorCode } from '@portal/contract';

/** Codes the web app gives failures that carry no `{error, message}` answer of the server. */
export const ClientErrorCode = {
  /** No response at all (offline, DNS, CORS). */
  NetworkError: 'network_error',
  /** A non-2xx answer that is not the server's `{error, message}` shape (a proxy's error page, say). */
  UnexpectedAnswer: 'unexpected_answer',
  /** A 2xx answer that does not match the contract's schema. */
  InvalidResponse: 'invalid_response',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

/** Every failed call: the HTTP status (0 = no response), the error code and a message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly error: ErrorCode | ClientErrorCode;

  constructor(status: number, error: ErrorCode | ClientErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.error = error;
  }
}

/** A 401 or no response at all to the first session check: the guard sends the user to /login. */
export function isSessionFailure(error: unknown): boolean {
  return isSignedOut(error) || isNoAnswer(error);
}

/** The server said the session is gone (401). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server answered that what was asked for does not exist (404): trying again cannot help. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** No answer at all (offline, the server down, DNS): not a sign of an ended session, and worth trying again. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** What a failure without any answer says, on every screen. */
export const NO_ANSWER_MESSAGE = 'The server could not be reached. Nothing you entered is lost: try again.';

/** Retry once on a server error; never on 4xx or no response (those are answers, not hiccups). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500 && failureCount < 1;
}

// The server's validation messages name where in the request each problem sits ('body.value: Role must …',
// 'querystring.tenant_id: …'); a person reads only the words after it.
const REQUEST_LOCATION = /(^|;\s*)(?:body|querystring|params|headers|request)(?:\.[^\s:;]+)*:\s+/g;

/** A server message as a person should read it: without the request locations of its validation issues. */
export function readableMessage(message: string): string {
  return message.replace(REQUEST_LOCATION, '$1').trim();
}

/**
 * The server's `message`, else the screen's fallback. Only an answer with one of the server's error codes
 * counts as a message from the server (not a bare status line, no answer, or an unexpected body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !isServerErrorCode(error.error)) return fallback;
  return error.message.trim() || fallback;
}
