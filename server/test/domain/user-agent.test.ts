import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../src/domain/user-agent.ts';

// Real User-Agent headers, as each browser sends them.
const SEEN: [string, string, string][] = [
  [
    'Chrome on Windows',
    'desktop',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ],
  [
    'Edge on Windows',
    'desktop',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  ],
  ['Firefox on Linux', 'desktop', 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0'],
  [
    'Safari on macOS',
    'desktop',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  ],
  [
    'Safari on iOS',
    'phone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome on iOS',
    'phone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  ],
  [
    'Safari on iPadOS',
    'tablet',
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome on Android',
    'phone',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  ],
  [
    'Chrome on Android',
    'tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Safari/537.36',
  ],
  ['Firefox on Android', 'phone', 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0'],
  [
    'Samsung Internet on Android',
    'phone',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Opera on Windows',
    'desktop',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  ],
  [
    'Chrome on ChromeOS',
    'desktop',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ],
  [
    'Headless Chrome on Linux',
    'desktop',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.60 Safari/537.36',
  ],
  ['curl', 'unknown', 'curl/8.5.0'],
];

describe('the device a user agent names', () => {
  it.each(SEEN)('%s (%s)', (name, kind, userAgent) => {
    expect(deviceOf(userAgent)).toEqual({ name, kind });
  });

  it('says what it does not know instead of guessing', () => {
    expect(deviceOf(null)).toEqual({ name: 'Unknown device', kind: 'unknown' });
    expect(deviceOf('   ')).toEqual({ name: 'Unknown device', kind: 'unknown' });
    expect(deviceOf('SomeBot/1.0')).toEqual({ name: 'Unknown device', kind: 'unknown' });
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) Gecko-ish')).toEqual({ name: 'A browser on Windows', kind: 'desktop' });
  });
});
