import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeAgo, formatTimesIn } from './format-date-time.ts';

const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

describe('formatDateTime', () => {
  it('shows a server timestamp in local time, in the one format of every screen', () => {
    const iso = '2026-11-22T10:37:59.000Z';
    expect(formatDateTime(iso)).toBe(local.format(new Date(iso)));
    expect(formatDateTime(iso)).not.toContain('2026-11-22T');
  });

  it("shows '-' or the given text when there is no timestamp, and an unreadable one as it came", () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined, 'Never')).toBe('Never');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatTimesIn', () => {
  it('turns every ISO timestamp of a server message into the local format', () => {
    const iso = '2026-11-23T09:15:00.000Z';
    expect(formatTimesIn(`New token written to billing/billing-jwt (key token); it expires ${iso}.`)).toBe(
      `New token written to billing/billing-jwt (key token); it expires ${local.format(new Date(iso))}.`,
    );
    expect(formatTimesIn('Kubernetes answered 403 Forbidden')).toBe('Kubernetes answered 403 Forbidden');
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');

  it('says how long ago in the largest whole unit', () => {
    expect(formatTimeAgo('2026-11-23T11:59:30.000Z', now)).toBe('just now');
    expect(formatTimeAgo('2026-11-23T11:57:00.000Z', now)).toBe('3 minutes ago');
    expect(formatTimeAgo('2026-11-23T11:00:01.000Z', now)).toBe('59 minutes ago');
    expect(formatTimeAgo('2026-11-23T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo('2026-11-22T11:00:00.000Z', now)).toBe('yesterday');
    expect(formatTimeAgo('2026-10-01T12:00:00.000Z', now)).toBe('last month');
  });

  it('shows an unreadable timestamp as it came', () => {
    expect(formatTimeAgo('soon', now)).toBe('soon');
  });
});
