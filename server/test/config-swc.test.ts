import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('SWCombine settings', () => {
  it('runs the simulator at SWCombine’s own limits by default and budgets for them', () => {
    expect(loadConfig({}).swc).toMatchObject({
      simulatorLimits: { rateLimit: 600, rateWindowSeconds: 3600, tokenTtlSeconds: 3600 },
      budget: { assumedLimit: 600, windowSeconds: 3600, reserve: { count: 0, percent: 10 } },
      profileMaxAgeHours: 24,
      requestTimeoutSeconds: 10,
    });
    expect(loadConfig({ SWC_REQUEST_TIMEOUT_S: '3' }).swc.requestTimeoutSeconds).toBe(3);
  });

  it('passes the simulator limits from the environment and budgets for them', () => {
    const swc = loadConfig({ SWC_SIMULATOR_RATE_LIMIT: '50', SWC_SIMULATOR_RATE_WINDOW_S: '60', SWC_SIMULATOR_TOKEN_TTL_S: '120' }).swc;
    expect(swc.simulatorLimits).toEqual({ rateLimit: 50, rateWindowSeconds: 60, tokenTtlSeconds: 120 });
    expect(swc.budget).toMatchObject({ assumedLimit: 50, windowSeconds: 60 });
  });

  it('assumes SWCombine’s 600 an hour against the real service, whatever the simulator settings', () => {
    const swc = loadConfig({ SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 's', SWC_SIMULATOR_RATE_LIMIT: '5' }).swc;
    expect(swc.budget).toMatchObject({ assumedLimit: 600, windowSeconds: 3600 });
  });

  it('takes the reserve as a count or a share of the limit', () => {
    expect(loadConfig({ SWC_BUDGET_RESERVE: '60' }).swc.budget.reserve).toEqual({ count: 60, percent: 0 });
    expect(loadConfig({ SWC_BUDGET_RESERVE: '25%' }).swc.budget.reserve).toEqual({ count: 0, percent: 25 });
  });

  it('refuses a reserve that would leave background work no request', () => {
    expect(() => loadConfig({ SWC_BUDGET_RESERVE: '100%' })).toThrow('SWC_BUDGET_RESERVE: must be below 100%');
    expect(() => loadConfig({ SWC_BUDGET_RESERVE: '600' })).toThrow(
      "SWC_BUDGET_RESERVE: must be below the simulator's limit (SWC_SIMULATOR_RATE_LIMIT=600)",
    );
    expect(loadConfig({ SWC_BUDGET_RESERVE: '599' }).swc.budget.reserve).toEqual({ count: 599, percent: 0 });
    // SWCombine's own limit is only known once it answers: the engine fails a starved run instead.
    expect(loadConfig({ SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 's', SWC_BUDGET_RESERVE: '600' }).swc.budget.reserve.count).toBe(600);
  });

  it.each([
    ['SWC_BUDGET_RESERVE', 'lots'],
    ['SWC_BUDGET_RESERVE', '150%'],
    ['SWC_SIMULATOR_RATE_LIMIT', '0'],
    ['SWC_SIMULATOR_RATE_WINDOW_S', 'hour'],
    ['SWC_SIMULATOR_TOKEN_TTL_S', '-1'],
    ['SWC_PROFILE_MAX_AGE_H', '1.5'],
    ['SWC_REQUEST_TIMEOUT_S', '0'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
