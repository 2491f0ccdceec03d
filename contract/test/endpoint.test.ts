import { describe, expect, it } from 'vitest';
import { adminUsers, allEndpoints, me, pathOf } from '../src/index.ts';

describe('pathOf', () => {
  it('fills and encodes every param', () => {
    expect(pathOf(adminUsers.grantAccess, { id: 'a/b', appKey: 'x y' })).toBe('/api/admin/users/a%2Fb/apps/x%20y/grant');
  });

  it('leaves a path without params as it is', () => {
    expect(pathOf(me.get, {})).toBe('/api/me');
  });
});

describe('allEndpoints', () => {
  it('declares each method and path once', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
