import { ErrorCode } from '@portal/contract';

/**
 * An answer the HTTP edge decides itself (a guard, a body type the route does not take): status and
 * code as they are. Services throw the neutral errors of lib/errors.ts instead.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: ErrorCode;
  /** Also sent as `code`, for a refusal the caller can act on. */
  readonly code: string | undefined;
  constructor(statusCode: number, error: ErrorCode, message: string, code?: string) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
    this.code = code;
  }
}

export const unauthorized = (message = 'Sign in first.') => new HttpError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = 'You do not have the admin role.') => new HttpError(403, ErrorCode.Forbidden, message);
export const passkeyRequired = (hours: number) =>
  new HttpError(
    403,
    ErrorCode.PasskeyRequired,
    `The admin console needs a passkey used in this session within the last ${hours} hours. Confirm it's you with your passkey.`,
    ErrorCode.PasskeyRequired,
  );
