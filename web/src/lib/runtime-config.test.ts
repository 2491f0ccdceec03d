import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { testConfig } from '@/testing/fixtures.ts';
import { loadRuntimeConfig } from './runtime-config.ts';

describe('runtime config', () => {
  it('is read from /config.json of the serving host', async () => {
    const api = stubFetch({ 'GET /config.json': reply(200, testConfig) });

    await expect(loadRuntimeConfig()).resolves.toEqual(testConfig);
    expect(api.calls[0]!.url).toBe(`${window.location.origin}/config.json`);
  });

  it('fails loudly on a missing or malformed config', async () => {
    stubFetch({ 'GET /config.json': reply(404) });
    await expect(loadRuntimeConfig()).rejects.toThrow('404');

    stubFetch({ 'GET /config.json': reply(200, { authBaseUrl: 1 }) });
    await expect(loadRuntimeConfig()).rejects.toThrow();
  });
});
