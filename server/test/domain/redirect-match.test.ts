import { describe, expect, it } from 'vitest';
import { isCleanReturnAddress, registeredRedirect } from '../../src/domain/redirect-match.ts';

const registered = ['https://app.example.com/dashboard', 'https://tools.example.com/'];
const match = (rd: string, entries: readonly string[]) => registeredRedirect(rd, entries) !== null;

describe('registeredRedirect', () => {
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

  it('answers the normalised URL to redirect to, not the text as sent', () => {
    expect(registeredRedirect('https://APP.example.com:443/dashboard?tab=2', registered)).toBe('https://app.example.com/dashboard?tab=2');
    expect(registeredRedirect('https://tools.example.com/a b'.replace(' ', '%20'), registered)).toBe('https://tools.example.com/a%20b');
    expect(registeredRedirect('https://tools.example.com/caf\u00e9?q=\u00e9#\u00e9', registered)).toBe(
      'https://tools.example.com/caf%C3%A9?q=%C3%A9#%C3%A9',
    );
  });
  it.each([
    ['a line feed the parser would drop', 'https://app.example.com/dash\nboard'],
    ['a trailing line feed', 'https://app.example.com/dashboard\n'],
    ['a leading control character the parser would strip', '\u0001https://app.example.com/dashboard'],
    ['a tab', 'https://app.example.com/dash\tboard'],
    ['a NUL', 'https://app.example.com/dashboard\u0000'],
    ['a DEL', 'https://app.example.com/dashboard\u007f'],
    ['a space', 'https://app.example.com/dashboard x'],
    ['leading whitespace', ' https://app.example.com/dashboard'],
    ['an encoded line feed in the host', 'https://app.example.com%0A/dashboard'],
  ])('refuses %s', (_what, rd) => expect(registeredRedirect(rd, registered)).toBeNull());
  it('keeps percent-encoded control characters in the path as they are (they are data there)', () =>
    expect(registeredRedirect('https://tools.example.com/a%0Ab', registered)).toBe('https://tools.example.com/a%0Ab'));
});

describe('isCleanReturnAddress', () => {
  it('accepts an ordinary URL', () => expect(isCleanReturnAddress('https://app.example.com/dashboard?x=1')).toBe(true));
  it('refuses a host that decodes to whitespace', () => expect(isCleanReturnAddress('https://app%20x.example.com/')).toBe(false));
  it('refuses raw control characters', () => expect(isCleanReturnAddress('https://app.example.com/\r')).toBe(false));
});
