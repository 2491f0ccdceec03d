import { errors } from 'oidc-provider';

/** Why a client that failed to authenticate too often from one address must wait. */
export const tooManyFailuresMessage = (seconds: number) =>
  `This client failed to authenticate too often from this address; try again in ${seconds} seconds.`;

/** The protocol library's answer to such a client: 429 with OAuth's JSON error `slow_down`. */
export function tooManyFailures(seconds: number): Error {
  const err = new errors.CustomOIDCProviderError('slow_down', tooManyFailuresMessage(seconds));
  return Object.assign(err, { status: 429, statusCode: 429 });
}
