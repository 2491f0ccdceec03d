import type { DeviceKind } from '@portal/contract';

/** What a session's user agent says of the device, as the player reads it. */
export interface Device {
  /** "Firefox on Android", "Chrome on Windows", "curl", "Unknown device". */
  name: string;
  kind: DeviceKind;
}

// First match wins: Edge, Opera, Samsung Internet and Vivaldi also say "Chrome" and "Safari"; Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Wget\//, 'Wget'],
];

// iOS and iPadOS say "like Mac OS X", and Android says "Linux": they come first.
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

function kindOf(ua: string, system: string | null): DeviceKind {
  if (/\biPad\b|\bTablet\b/.test(ua) || (system === 'Android' && !/\bMobile\b/.test(ua))) return 'tablet';
  if (/\biPhone\b|\biPod\b|\bMobi/.test(ua)) return 'phone';
  if (system === 'Windows' || system === 'macOS' || system === 'Linux' || system === 'ChromeOS') return 'desktop';
  return 'unknown';
}

/**
 * The browser and system a User-Agent header names, without versions (they change with every update,
 * and the same device would seem another). Unknown parts say so rather than guess.
 */
export function deviceOf(userAgent: string | null): Device {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { name: 'Unknown device', kind: 'unknown' };
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  const name = browser && system ? `${browser} on ${system}` : (browser ?? (system ? `A browser on ${system}` : 'Unknown device'));
  return { name, kind: kindOf(ua, system) };
}

/** An audit row's device in words, or nulls for a row no browser wrote (the server's own events). */
export function deviceFieldsOf(userAgent: string | null): { device: string | null; device_kind: DeviceKind | null } {
  if (!userAgent) return { device: null, device_kind: null };
  const { name, kind } = deviceOf(userAgent);
  return { device: name, device_kind: kind };
}
