import { adminApps, adminCentralGrants, adminUsers, me } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player, testConfig } from '@/testing/fixtures.ts';
import { callEndpoint, callEndpointWithHeaders } from './api-client.ts';
import { ApiError, isSessionFailure, serverMessage } from './api-error.ts';
import { setRuntimeConfig } from './runtime-config.ts';

beforeEach(() => setRuntimeConfig({ ...testConfig, authBaseUrl: 'https://auth.example.test/' }));

const USER_ID = '7a0c6a8e-4a8b-4f43-9d55-8a2f3c1b0d11';
const APP_ID = '0f3b7e2a-1c4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('api client', () => {
  it('calls the auth service base URL with credentials and parses the answer with the schema', async () => {
    const api = stubFetch({ 'GET /api/me': reply(200, player) });

    await expect(callEndpoint(me.get, {})).resolves.toEqual(player);
    expect(api.calls[0]).toMatchObject({ url: 'https://auth.example.test/api/me', credentials: 'include' });
  });

  it('sends JSON bodies with the endpoint’s method', async () => {
    const api = stubFetch({ 'POST /api/swc/auth-token': reply(200, { enabled: true }) });

    await expect(callEndpoint(me.setAutomationToken, { body: { enabled: true } })).resolves.toEqual({ enabled: true });
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { enabled: true } });
  });

  it('fills the path’s params, encoded, and adds the query in the order given', async () => {
    const api = stubFetch({
      [`DELETE /api/admin/users/${USER_ID}/sessions/a%2Fb`]: reply(204),
      'GET /api/admin/consents': reply(200, { scp: [], roles: [] }),
    });

    await expect(callEndpoint(adminUsers.endSession, { params: { id: USER_ID, sid: 'a/b' } })).resolves.toBeNull();
    await expect(callEndpoint(adminCentralGrants.get, { query: { userId: USER_ID, appId: APP_ID } })).resolves.toEqual({
      scp: [],
      roles: [],
    });
    expect(api.calls.map((c) => [c.method, c.url])).toEqual([
      ['DELETE', `https://auth.example.test/api/admin/users/${USER_ID}/sessions/a%2Fb`],
      ['GET', `https://auth.example.test/api/admin/consents?userId=${USER_ID}&appId=${APP_ID}`],
    ]);
  });

  it('returns the response headers with the data when asked (X-Total-Count of a page)', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify(player), { status: 200, headers: { 'x-total-count': '42', 'content-type': 'application/json' } }),
    );

    const { data, headers } = await callEndpointWithHeaders(me.get, {});
    expect(data).toEqual(player);
    expect(headers.get('x-total-count')).toBe('42');
  });

  it('throws an ApiError for a failed change too, so no caller mistakes it for a success', async () => {
    stubFetch({ 'POST /api/admin/users': errorReply(400, 'bad_request', 'UID must be a SWCombine character UID such as 1:12345') });

    await expect(callEndpoint(adminUsers.add, { body: { uid: 'x' } })).rejects.toMatchObject({ status: 400, error: 'bad_request' });
  });

  it("reads the server's validation messages as words: no request location such as 'body.value:' before them", async () => {
    stubFetch({
      'POST /api/admin/roles/grant': errorReply(
        400,
        'bad_request',
        'body.value: Role may hold only letters and digits; querystring.tenant_id: tenant_id is required; body.redirect_urls.2: URL is not valid',
      ),
    });

    await expect(
      callEndpoint(adminCentralGrants.grantRole, { body: { userId: USER_ID, appId: APP_ID, value: 'x' } }),
    ).rejects.toMatchObject({
      message: 'Role may hold only letters and digits; tenant_id is required; URL is not valid',
    });
  });

  it('throws an ApiError carrying status, error and message of a non-2xx answer', async () => {
    stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Sign in first') });

    const error = await callEndpoint(me.get, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, error: 'unauthorized', message: 'Sign in first' });
    expect(isSessionFailure(error)).toBe(true);
  });

  it("still throws an ApiError when the error body is not the contract shape, and does not pass its text off as the server's", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await callEndpoint(adminApps.list, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: 'unexpected_answer', message: 'Bad Gateway' });
    expect(serverMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it("shows the server's message only for one of the server's error codes", async () => {
    stubFetch({ 'GET /api/me': errorReply(403, 'forbidden', 'You do not have the admin role.') });

    const error = await callEndpoint(me.get, {}).catch((e: unknown) => e);
    expect(serverMessage(error, 'Failed to load')).toBe('You do not have the admin role.');
    expect(serverMessage(new Error('boom'), 'Failed to load')).toBe('Failed to load');
  });

  it('reports no response as status 0, which counts as a session failure', async () => {
    stubFetch({ 'GET /api/me': 'network-error' });

    const error = await callEndpoint(me.get, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, error: 'network_error' });
    expect(isSessionFailure(error)).toBe(true);
  });

  it('rejects an answer that does not match the endpoint’s answer schema', async () => {
    stubFetch({ 'GET /api/me': reply(200, { name: 'no id' }) });

    await expect(callEndpoint(me.get, {})).rejects.toMatchObject({ error: 'invalid_response' });
  });
});
