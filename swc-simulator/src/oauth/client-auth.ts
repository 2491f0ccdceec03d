import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { param } from '../params.ts';
import type { SimulatorClient } from '../types.ts';

export type ClientAuth =
  | { ok: true; client: SimulatorClient }
  | { ok: false; status: 400 | 401; error: 'invalid_request' | 'invalid_client'; description: string; basic: boolean };

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function decodeBasicPart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Parses `Authorization: Basic` (RFC 6749 §2.3.1: form-encoded id and secret); undefined if absent or malformed. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decodeBasicPart(decoded.slice(0, colon)), secret: decodeBasicPart(decoded.slice(colon + 1)) };
}

/** Authenticates the client by client_id + client_secret in the body, or by HTTP Basic (not both). */
export function authenticateClient(request: FastifyRequest, clients: ReadonlyMap<string, SimulatorClient>): ClientAuth {
  const body = request.body;
  const authz = request.headers.authorization;
  const usesBasic = /^Basic\s/i.test(authz ?? '');
  let id: string | undefined;
  let secret: string | undefined;
  if (usesBasic) {
    const creds = basicCredentials(authz);
    if (!creds) return { ok: false, status: 401, error: 'invalid_client', description: 'Malformed Basic credentials.', basic: true };
    if (param(body, 'client_secret') !== undefined) {
      return {
        ok: false,
        status: 400,
        error: 'invalid_request',
        description: 'Use one client authentication method, not two.',
        basic: true,
      };
    }
    const bodyId = param(body, 'client_id');
    if (bodyId !== undefined && bodyId !== creds.id) {
      return {
        ok: false,
        status: 400,
        error: 'invalid_request',
        description: 'client_id differs from the Basic credentials.',
        basic: true,
      };
    }
    ({ id, secret } = creds);
  } else {
    id = param(body, 'client_id');
    secret = param(body, 'client_secret');
    if (id === undefined) return { ok: false, status: 400, error: 'invalid_request', description: 'client_id is required.', basic: false };
    if (secret === undefined)
      return { ok: false, status: 400, error: 'invalid_request', description: 'client_secret is required.', basic: false };
  }
  const client = clients.get(id);
  if (!client || !sameSecret(secret, client.clientSecret)) {
    return { ok: false, status: 401, error: 'invalid_client', description: 'Client authentication failed.', basic: usesBasic };
  }
  return { ok: true, client };
}
