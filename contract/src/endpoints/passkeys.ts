import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { firstLoadPaths } from './first-load-paths.ts';
import {
  AddPasskeyInput,
  AdminConsoleStepUp,
  SignInNote,
  OwnPasskeys,
  Passkey,
  PasskeyAssertionInput,
  PasskeyList,
  PasskeyOptions,
  PasskeySignedIn,
} from '../passkeys.ts';

const PasskeyParams = z.object({ passkeyId: z.uuid('passkeyId must be a passkey id (a UUID)') });
const UserPasskeyParams = z.object({
  id: z.uuid('id must be a user id (a UUID)'),
  passkeyId: z.uuid('passkeyId must be a passkey id (a UUID)'),
});

/** The signed-in player's own passkeys (a live session, else 401); another player's passkey is a 404. */
export const ownPasskeys = {
  list: defineEndpoint({ method: 'GET', path: '/api/me/passkeys', status: 200, answer: OwnPasskeys, errors: [401] }),
  creationOptions: defineEndpoint({
    method: 'POST',
    path: '/api/me/passkeys/options',
    status: 200,
    answer: PasskeyOptions,
    errors: [401, 403],
    readOnly: true,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/me/passkeys',
    body: AddPasskeyInput,
    status: 201,
    answer: Passkey,
    errors: [400, 401, 403, 409],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/passkeys/:passkeyId',
    params: PasskeyParams,
    status: 204,
    answer: z.null(),
    errors: [400, 401, 404],
  }),
  signInNote: defineEndpoint({ method: 'GET', path: firstLoadPaths.signInNote, status: 200, answer: SignInNote, errors: [401] }),
  adminConsole: defineEndpoint({ method: 'GET', path: '/api/me/admin-console', status: 200, answer: AdminConsoleStepUp, errors: [401] }),
  confirmOptions: defineEndpoint({
    method: 'POST',
    path: '/api/me/passkeys/confirm/options',
    status: 200,
    answer: PasskeyOptions,
    errors: [401, 409],
    readOnly: true,
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/me/passkeys/confirm',
    body: PasskeyAssertionInput,
    status: 204,
    answer: z.null(),
    errors: [400, 401],
  }),
};

/** Signing in with a passkey (public): no SWCombine round trip; rate limited like every sign-in start. */
export const passkeySignIn = {
  options: defineEndpoint({
    method: 'POST',
    path: '/api/sign-in/passkey/options',
    status: 200,
    answer: PasskeyOptions,
    errors: [429],
    readOnly: true,
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/sign-in/passkey',
    body: PasskeyAssertionInput,
    status: 200,
    answer: PasskeySignedIn,
    errors: [400, 403, 429],
  }),
};

/** An admin's view of a player's passkeys, and removing one (a lost or stolen authenticator). */
export const adminPasskeys = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/passkeys',
    params: z.object({ id: z.uuid('id must be a user id (a UUID)') }),
    status: 200,
    answer: PasskeyList,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/passkeys/:passkeyId',
    params: UserPasskeyParams,
    status: 204,
    answer: z.null(),
    errors: [400, 401, 403, 404],
  }),
};
