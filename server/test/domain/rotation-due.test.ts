import { describe, expect, it } from 'vitest';
import { expiryMarginMs, isRotationDue, retryDelayMs } from '../../src/domain/rotation-due.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (min: number) => new Date(now.getTime() - min * 60_000);
const later = (min: number) => new Date(now.getTime() + min * 60_000);
const base = {
  rotation_enabled: true,
  rotation_interval_minutes: 1440,
  ttl_minutes: 55,
  last_rotated_at: ago(10),
  token_expires_at: later(45),
  next_attempt_at: null,
};

describe('isRotationDue', () => {
  it('is due when never rotated', () => expect(isRotationDue({ ...base, last_rotated_at: null, token_expires_at: null }, now)).toBe(true));
  it('is not due within the interval with a fresh token', () => expect(isRotationDue(base, now)).toBe(false));
  it('is due when the interval has passed', () =>
    expect(isRotationDue({ ...base, rotation_interval_minutes: 60, last_rotated_at: ago(60), token_expires_at: later(600) }, now)).toBe(
      true,
    ));
  it('is due before the token expires, even with a long interval (20 % of the TTL)', () => {
    expect(isRotationDue({ ...base, token_expires_at: later(11) }, now)).toBe(true);
    expect(isRotationDue({ ...base, token_expires_at: later(12) }, now)).toBe(false);
  });
  it('keeps a margin of at least two sweeps for short TTLs', () => expect(expiryMarginMs(5)).toBe(120_000));
  it('is never due when rotation is off, even with an expired token', () =>
    expect(isRotationDue({ ...base, rotation_enabled: false, token_expires_at: ago(1) }, now)).toBe(false));
  it('waits out the backoff after a failure', () => {
    expect(isRotationDue({ ...base, last_rotated_at: null, next_attempt_at: later(1) }, now)).toBe(false);
    expect(isRotationDue({ ...base, last_rotated_at: null, next_attempt_at: now }, now)).toBe(true);
  });
  it('backs off 1, 2, 4 … minutes up to an hour', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 3_600_000]);
  });
});
