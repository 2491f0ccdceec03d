import { param, repeatedParam, type ParamSource } from '../params.ts';
import { isKnownScope, splitScopes } from '../scopes.ts';
import type { AccessType } from '../store.ts';
import type { SimulatorClient } from '../types.ts';

export interface AuthorizeRequest {
  client: SimulatorClient;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  accessType: AccessType;
  renewPreviouslyGranted: boolean;
}

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** The client or redirect_uri cannot be trusted: show a page, never redirect. */
  | { kind: 'page'; heading: string; message: string }
  /** A valid client and redirect_uri but a bad request: tell the client through its redirect_uri. */
  | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string };

const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'access_type', 'renew_previously_granted'] as const;

/** Validates an authorization request (query of GET /ws/oauth2/auth/ or the consent form's fields). */
export function checkAuthorizeRequest(src: ParamSource, clients: ReadonlyMap<string, SimulatorClient>): AuthorizeCheck {
  const clientId = param(src, 'client_id');
  const client = clientId !== undefined && repeatedParam(src, ['client_id']) === undefined ? clients.get(clientId) : undefined;
  if (!client) {
    return { kind: 'page', heading: 'Unknown application', message: `No application is registered with client_id "${clientId ?? ''}".` };
  }
  const redirectUri = param(src, 'redirect_uri');
  if (redirectUri === undefined || repeatedParam(src, ['redirect_uri'])) {
    return { kind: 'page', heading: 'Missing redirect_uri', message: 'The request does not name exactly one redirect_uri.' };
  }
  if (!client.redirectUris.includes(redirectUri)) {
    return {
      kind: 'page',
      heading: 'Invalid redirect_uri',
      message: `"${redirectUri}" is not a redirect URI registered for ${client.name ?? client.clientId}.`,
    };
  }
  const state = param(src, 'state');
  const fail = (error: string, description: string): AuthorizeCheck => ({ kind: 'redirect', redirectUri, state, error, description });

  const repeated = repeatedParam(src, PARAMS);
  if (repeated) return fail('invalid_request', `${repeated} was given more than once.`);

  const responseType = param(src, 'response_type');
  if (responseType === undefined) return fail('invalid_request', 'response_type is required.');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');

  const rawScope = param(src, 'scope');
  const scopes = splitScopes(rawScope ?? '');
  if (scopes.length === 0) return fail('invalid_request', 'scope is required.');
  const unknown = scopes.filter((s) => !isKnownScope(s));
  if (unknown.length) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);

  const accessType = param(src, 'access_type') ?? 'online';
  if (accessType !== 'online' && accessType !== 'offline') return fail('invalid_request', 'access_type must be online or offline.');

  const renew = param(src, 'renew_previously_granted') ?? 'no';
  if (renew !== 'yes' && renew !== 'no') return fail('invalid_request', 'renew_previously_granted must be yes or no.');

  return { kind: 'ok', request: { client, redirectUri, state, scopes, accessType, renewPreviouslyGranted: renew === 'yes' } };
}

/** The request as hidden form fields, so the consent POST can be validated again. */
export function hiddenFields(req: AuthorizeRequest): Record<string, string | undefined> {
  return {
    response_type: 'code',
    client_id: req.client.clientId,
    redirect_uri: req.redirectUri,
    state: req.state,
    scope: req.scopes.join(' '),
    access_type: req.accessType,
    renew_previously_granted: req.renewPreviouslyGranted ? 'yes' : 'no',
  };
}
