import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { RotationHistory, ServiceJwtConfig, ServiceJwtConfigList, ServiceJwtInput, SigningKeysReplaced } from '../service-jwts.ts';

const ConfigParams = z.object({ id: z.uuid('id must be a JWT configuration id (a UUID)') });
const errors = [400, 401, 403, 404, 409] as const;

/** Service JWT configurations and their rotations (admins). */
export const serviceJwts = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/service-jwts', status: 200, answer: ServiceJwtConfigList, errors }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/service-jwts',
    body: ServiceJwtInput,
    status: 201,
    answer: ServiceJwtConfig,
    errors,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/service-jwts/:id',
    params: ConfigParams,
    body: ServiceJwtInput,
    status: 200,
    answer: ServiceJwtConfig,
    errors,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/service-jwts/:id',
    params: ConfigParams,
    status: 204,
    answer: z.null(),
    errors,
  }),
  rotateNow: defineEndpoint({
    method: 'POST',
    path: '/api/admin/service-jwts/:id/rotate-now',
    params: ConfigParams,
    status: 200,
    answer: ServiceJwtConfig,
    errors: [...errors, 502],
  }),
  rotations: defineEndpoint({
    method: 'GET',
    path: '/api/admin/service-jwts/:id/rotations',
    params: ConfigParams,
    status: 200,
    answer: RotationHistory,
    errors,
  }),
  /** The emergency key roll (a suspected leak): new signing keys at once, the old ones unpublished, service JWTs re-issued. */
  replaceSigningKeys: defineEndpoint({
    method: 'POST',
    path: '/api/admin/signing-keys/replace',
    status: 200,
    answer: SigningKeysReplaced,
    errors: [401, 403],
  }),
};
