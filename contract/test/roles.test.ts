import { describe, expect, it } from 'vitest';
import { isAdmin } from '../src/roles.ts';

describe('isAdmin', () => {
  it('accepts admin in the roles list', () => expect(isAdmin({ role: 'user', roles: ['staff', 'admin'] })).toBe(true));
  it('accepts admin as the single role field', () => expect(isAdmin({ role: 'admin', roles: [] })).toBe(true));
  it('rejects a user with other roles only', () => expect(isAdmin({ role: 'user', roles: ['staff'] })).toBe(false));
  it('rejects missing fields', () => expect(isAdmin({})).toBe(false));
});
