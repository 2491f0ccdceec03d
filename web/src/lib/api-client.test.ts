import { CurrentUser } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player, testConfig } from '@/testing/fixtures.ts';
import { apiClient } from './api-client.ts';
import { ApiError, isSessionFailure } from './api-error.ts';
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

    await expect(apiClient.post('/api/swc/auth-token', { enabled: true })).resolves.toBeNull();
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { enabled: true } });
  });

  it('throws an ApiError carrying status, error and message of a non-2xx answer', async () => {
    stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Sign in first') });

    const error = await apiClient.get('/api/me', CurrentUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, error: 'unauthorized', message: 'Sign in first' });
    expect(isSessionFailure(error)).toBe(true);
  });

  it('still throws an ApiError when the error body is not the contract shape', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    await expect(apiClient.get('/api/me', CurrentUser)).rejects.toMatchObject({ status: 502, error: 'http_502', message: 'Bad Gateway' });
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
