/** Every `error` code the server sends; the web app tells them apart by these names only. */
export const ErrorCode = {
  BadRequest: 'bad_request',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RateLimited: 'rate_limited',
  /** An admin call from a session that has not used a passkey recently enough (ADMIN_PASSKEY=required). */
  PasskeyRequired: 'passkey_required',
  RotationFailed: 'rotation_failed',
  Unavailable: 'unavailable',
  InternalError: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** Is `code` one the server sends (as opposed to one the web app made up for a network failure)? */
export function isServerErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}
