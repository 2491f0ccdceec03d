import { RuntimeConfig } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { testConfig } from '@/testing/fixtures.ts';
import { loadRuntimeConfig, parseRuntimeConfig } from './runtime-config.ts';

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

  it('names the field that is wrong', () => {
    expect(() => parseRuntimeConfig({ ...testConfig, simulator: 'yes' })).toThrow('/config.json: simulator must be a boolean');
    expect(() => parseRuntimeConfig({ ...testConfig, authBaseUrl: undefined })).toThrow('/config.json: authBaseUrl must be a string');
    expect(() => parseRuntimeConfig(null)).toThrow('/config.json is not a JSON object');
  });

  it("accepts and refuses what the contract's schema does, and keeps only its fields", () => {
    const inputs: unknown[] = [
      testConfig,
      { ...testConfig, extra: 'ignored' },
      { ...testConfig, authBaseUrl: '' },
      { ...testConfig, integrationBaseUrl: null },
      { ...testConfig, version: 1 },
      { ...testConfig, simulator: 'false' },
      {},
      [],
      'config',
    ];
    for (const input of inputs) {
      const expected = RuntimeConfig.safeParse(input);
      if (expected.success) expect(parseRuntimeConfig(input)).toEqual(expected.data);
      else expect(() => parseRuntimeConfig(input)).toThrow();
    }
  });
});
