import { me as meEndpoints } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player, testConfig } from '@/testing/fixtures.ts';
import { callEndpoint } from './api-client.ts';
import { discardEarlyGets, startEarlyGets } from './api-request.ts';
import { setRuntimeConfig } from './runtime-config.ts';

beforeEach(() => setRuntimeConfig({ ...testConfig, authBaseUrl: 'https://auth.example.test' }));
afterEach(() => discardEarlyGets());

describe('GETs started before the code that reads them', () => {
  it('asks the auth service at once, and the first GET of the path takes that answer without asking again', async () => {
    const me = deferred();
    const api = stubFetch({ 'GET /api/me': me.route });
    startEarlyGets(['/api/me']);
    expect(api.calls).toMatchObject([{ method: 'GET', url: 'https://auth.example.test/api/me', credentials: 'include' }]);

    const answer = callEndpoint(meEndpoints.get, {});
    me.resolve(reply(200, player));
    await expect(answer).resolves.toEqual(player);
    expect(api.count('GET /api/me')).toBe(1);
  });

  it('is taken once: a later GET of the path asks again', async () => {
    const api = stubFetch({ 'GET /api/me': reply(200, player) });
    startEarlyGets(['/api/me']);
    await callEndpoint(meEndpoints.get, {});
    await callEndpoint(meEndpoints.get, {});
    expect(api.count('GET /api/me')).toBe(2);
  });

  it('hands its failure to the GET that takes it, as that GET would have failed itself', async () => {
    stubFetch({ 'GET /api/me': errorReply(401, 'unauthorized', 'Sign in first'), 'GET /api/apps': 'network-error' });
    startEarlyGets(['/api/me', '/api/apps']);
    await expect(callEndpoint(meEndpoints.get, {})).rejects.toMatchObject({ status: 401, error: 'unauthorized' });
    await expect(callEndpoint(meEndpoints.apps, {})).rejects.toMatchObject({ status: 0, error: 'network_error' });
  });

  it('once discarded, no later GET reads the old answer', async () => {
    const api = stubFetch({ 'GET /api/me': (_call, nth) => reply(200, { ...player, name: nth === 0 ? 'Old Name' : 'New Name' }) });
    startEarlyGets(['/api/me']);
    discardEarlyGets();
    await expect(callEndpoint(meEndpoints.get, {})).resolves.toMatchObject({ name: 'New Name' });
    expect(api.count('GET /api/me')).toBe(2);
  });

  describe('before the first render', () => {
    /** The browser lists a request among its resources once its answer has arrived whole. */
    const arrivedWhole = (...urls: string[]) =>
      vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (urls.includes(name) ? [{} as PerformanceEntry] : []));

    it('waits for the answers that have arrived, until they are read', async () => {
      const me = deferred();
      stubFetch({ 'GET /api/me': me.route });
      arrivedWhole('https://auth.example.test/api/me');
      let read = false;
      const arrived = startEarlyGets(['/api/me'])
        .arrived()
        .then(() => (read = true));
      await new Promise((resolve) => setTimeout(resolve));
      expect(read).toBe(false);

      me.resolve(reply(200, player));
      await arrived;
      expect(read).toBe(true);
    });

    it('does not wait for answers still on their way, so a slow API never holds the layout back', async () => {
      stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': 'pending' });
      arrivedWhole('https://auth.example.test/api/me');
      await expect(startEarlyGets(['/api/me', '/api/apps']).arrived()).resolves.toBeUndefined();
    });
  });
});
