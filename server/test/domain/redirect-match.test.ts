import { describe, expect, it } from 'vitest';
import { matchesRegisteredRedirect as match } from '../../src/domain/redirect-match.ts';

const registered = ['https://app.example.com/dashboard', 'https://tools.example.com/'];

describe('matchesRegisteredRedirect', () => {
  it('admits an exact registered URL', () => expect(match('https://app.example.com/dashboard', registered)).toBe(true));
  it('admits it with a query string', () => expect(match('https://app.example.com/dashboard?tab=2', registered)).toBe(true));
  it('normalises host case and the default port', () => expect(match('https://APP.example.com:443/dashboard', registered)).toBe(true));
  it('refuses another path on an exact entry', () => expect(match('https://app.example.com/dashboard/x', registered)).toBe(false));
  it('refuses a path that only starts like the entry', () => expect(match('https://app.example.com/dashboardx', registered)).toBe(false));
  it('admits any path below an entry ending in /', () => expect(match('https://tools.example.com/a/b?c=1', registered)).toBe(true));
  it('refuses dot-segments that climb out of a prefix', () =>
    expect(match('https://tools.example.com/../x', ['https://tools.example.com/sub/'])).toBe(false));
  it('refuses another scheme', () => expect(match('http://app.example.com/dashboard', registered)).toBe(false));
  it('refuses another port', () => expect(match('https://app.example.com:8443/dashboard', registered)).toBe(false));
  it('refuses a look-alike host', () => expect(match('https://app.example.com.evil.io/dashboard', registered)).toBe(false));
  it('refuses user-info tricks', () => expect(match('https://app.example.com@evil.io/dashboard', registered)).toBe(false));
  it('refuses protocol-relative and javascript URLs', () => {
    expect(match('//evil.io/dashboard', registered)).toBe(false);
    expect(match('javascript:alert(1)', registered)).toBe(false);
  });
  it('refuses when nothing is registered', () => expect(match('https://app.example.com/dashboard', [])).toBe(false));
});
