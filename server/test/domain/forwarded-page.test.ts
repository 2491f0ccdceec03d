import { describe, expect, it } from 'vitest';
import { acceptsHtml, forwardedPage } from '../../src/domain/forwarded-page.ts';

const traefik = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'wiki.example.com',
  'x-forwarded-uri': '/docs?q=1',
  'x-forwarded-method': 'GET',
};

describe('forwardedPage', () => {
  it('builds the page from Traefik’s and Caddy’s headers', () =>
    expect(forwardedPage(traefik)).toEqual({ kind: 'page', url: 'https://wiki.example.com/docs?q=1', method: 'GET' }));
  it('takes an IPv6 literal with a port and an upper-case scheme', () =>
    expect(forwardedPage({ ...traefik, 'x-forwarded-proto': 'HTTP', 'x-forwarded-host': '[::1]:8080' })).toMatchObject({
      url: 'http://[::1]:8080/docs?q=1',
    }));
  it('reads a missing method as GET', () => {
    const { 'x-forwarded-method': _, ...rest } = traefik;
    expect(forwardedPage(rest)).toMatchObject({ method: 'GET' });
  });
  it('leaves nginx to its auth-signin', () =>
    expect(forwardedPage({ ...traefik, 'x-original-url': 'https://wiki.example.com/' })).toEqual({ kind: 'none' }));
  it('names no page for a plain reverse proxy that sends no X-Forwarded-Uri', () => {
    const { 'x-forwarded-uri': _, ...rest } = traefik;
    expect(forwardedPage(rest)).toEqual({ kind: 'none' });
  });
  it.each([
    ['x-forwarded-proto', 'https, http'],
    ['x-forwarded-host', 'wiki.example.com:99999x'],
    ['x-forwarded-host', '-wiki.example.com'],
    ['x-forwarded-host', 'wiki.example.com\\@evil.io'],
    ['x-forwarded-uri', '/a\u0000b'],
    ['x-forwarded-uri', '/a\u007fb'],
    ['x-forwarded-method', 'get'],
  ])('refuses %s: %j', (name, value) => expect(forwardedPage({ ...traefik, [name]: value }).kind).toBe('invalid'));
});

describe('acceptsHtml', () => {
  it.each([
    ['text/html,application/xhtml+xml,*/*;q=0.8', true],
    ['TEXT/HTML', true],
    ['application/json, text/html;q=0.1', true],
    ['text/html;q=0', false],
    ['text/html;q=0.0', false],
    ['*/*', false],
    ['application/json', false],
    ['text/htmlx', false],
    [undefined, false],
  ])('%j → %s', (accept, expected) => expect(acceptsHtml(accept)).toBe(expected));
});
