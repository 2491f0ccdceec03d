import { ErrorCode } from '@portal/contract';

/** An error with a status and a message meant for the caller; everything else is a 500. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: ErrorCode;
  constructor(statusCode: number, error: ErrorCode, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
  }
}

export const badRequest = (message: string) => new HttpError(400, ErrorCode.BadRequest, message);
export const unauthorized = (message = 'Sign in first.') => new HttpError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = 'You do not have the admin role.') => new HttpError(403, ErrorCode.Forbidden, message);
export const notFound = (message: string) => new HttpError(404, ErrorCode.NotFound, message);
export const conflict = (message: string) => new HttpError(409, ErrorCode.Conflict, message);
/** An outside system (SWCombine) did not answer: nothing changed, try again. */
export const unavailable = (message: string) => new HttpError(503, ErrorCode.Unavailable, message);
