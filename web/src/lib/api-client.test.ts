import { CurrentUser } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player, testConfig } from '@/testing/fixtures.ts';
import { apiClient } from './api-client.ts';
import { ApiError, isSessionFailure, serverMessage } from './api-error.ts';
import { setRuntimeConfig } from './runtime-config.ts';

beforeEach(() => setRuntimeConfig({ ...testConfig, authBaseUrl: 'https://auth.example.test/' }));

describe('api client', () => {
  it('calls the auth service base URL with credentials and parses the answer with the schema', async () => {
    const api = stubFetch({ 'GET /api/me': reply(200, player) });

    await expect(apiClient.get('/api/me', CurrentUser)).resolves.toEqual(player);
    expect(api.calls[0]).toMatchObject({ url: 'https://auth.example.test/api/me', credentials: 'include' });
  });

  it('sends JSON bodies', async () => {
    const api = stubFetch({ 'POST /api/swc/auth-token': reply(204) });

    await expect(apiClient.post('/api/swc/auth-token', { enabled: true })).resolves.toBeUndefined();
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { enabled: true } });
  });

  it('PUTs and DELETEs, reading the answer with the schema when one is given', async () => {
    const api = stubFetch({ 'PUT /api/me': reply(200, player), 'DELETE /api/me': reply(204) });

    await expect(apiClient.put('/api/me', { name: 'x' }, CurrentUser)).resolves.toEqual(player);
    await expect(apiClient.delete('/api/me')).resolves.toBeUndefined();
    expect(api.calls.map((c) => [c.method, c.credentials])).toEqual([
      ['PUT', 'include'],
      ['DELETE', 'include'],
    ]);
  });

  it('returns the response headers with the data when asked (X-Total-Count of a page)', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify(player), { status: 200, headers: { 'x-total-count': '42', 'content-type': 'application/json' } }),
    );

    const { data, headers } = await apiClient.getWithHeaders('/api/me', CurrentUser);
    expect(data).toEqual(player);
    expect(headers.get('x-total-count')).toBe('42');
  });

  it('throws an ApiError for a failed change too, so no caller mistakes it for a success', async () => {
    stubFetch({ 'POST /api/admin/users': errorReply(400, 'bad_request', 'UID must be a SWCombine character UID such as 1:12345') });

    await expect(apiClient.post('/api/admin/users', { uid: 'x' }, CurrentUser)).rejects.toMatchObject({
      status: 400,
      error: 'bad_request',
    });
  });

  it("reads the server's validation messages as words: no request location such as 'body.value:' before them", async () => {
    stubFetch({
      'POST /api/admin/roles/grant': errorReply(
        400,
        'bad_request',
        'body.value: Role may hold only letters and digits; querystring.tenant_id: tenant_id is required; body.redirect_urls.2: URL is not valid',
      ),
    });

    await expect(apiClient.post('/api/admin/roles/grant', { value: 'x' })).rejects.toMatchObject({
      message: 'Role may hold only letters and digits; tenant_id is required; URL is not valid',
    });
  });

  it('throws an ApiError carrying status, error and message of a non-2xx answer', async () => {
    stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Sign in first') });

    const error = await apiClient.get('/api/me', CurrentUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, error: 'unauthorized', message: 'Sign in first' });
    expect(isSessionFailure(error)).toBe(true);
  });

  it("still throws an ApiError when the error body is not the contract shape, and does not pass its text off as the server's", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await apiClient.get('/api/me', CurrentUser).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, error: 'unexpected_answer', message: 'Bad Gateway' });
    expect(serverMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it("shows the server's message only for one of the server's error codes", async () => {
    stubFetch({ 'GET /api/me': errorReply(403, 'forbidden', 'You do not have the admin role.') });

    const error = await apiClient.get('/api/me', CurrentUser).catch((e: unknown) => e);
    expect(serverMessage(error, 'Failed to load')).toBe('You do not have the admin role.');
    expect(serverMessage(new Error('boom'), 'Failed to load')).toBe('Failed to load');
  });

  it('reports no response as status 0, which counts as a session failure', async () => {
    stubFetch({ 'GET /api/me': 'network-error' });

    const error = await apiClient.get('/api/me', CurrentUser).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, error: 'network_error' });
    expect(isSessionFailure(error)).toBe(true);
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch({ 'GET /api/me': reply(200, { name: 'no id' }) });

    await expect(apiClient.get('/api/me', CurrentUser)).rejects.toMatchObject({ error: 'invalid_response' });
  });
});
