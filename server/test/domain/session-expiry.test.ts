import { describe, expect, it } from 'vitest';
import { isSessionLive, newSessionExpiry, shouldTouch } from '../../src/domain/session-expiry.ts';

const now = new Date('2026-01-01T00:00:00Z');
const policy = { idleMinutes: 30, maxHours: 8 };

describe('session expiry', () => {
  it('sets idle and absolute expiry from the policy', () =>
    expect(newSessionExpiry(now, policy)).toEqual({
      idleExpiresAt: new Date('2026-01-01T00:30:00Z'),
      expiresAt: new Date('2026-01-01T08:00:00Z'),
    }));
  it('is live before both expiries', () => {
    const { idleExpiresAt, expiresAt } = newSessionExpiry(now, policy);
    expect(
      isSessionLive({ idle_expires_at: idleExpiresAt, expires_at: expiresAt, ended_at: null }, new Date(now.getTime() + 29 * 60_000)),
    ).toBe(true);
  });
  it('ends at the idle expiry', () => {
    const { idleExpiresAt, expiresAt } = newSessionExpiry(now, policy);
    expect(isSessionLive({ idle_expires_at: idleExpiresAt, expires_at: expiresAt, ended_at: null }, idleExpiresAt)).toBe(false);
  });
  it('ends at the absolute expiry even when active', () =>
    expect(isSessionLive({ idle_expires_at: new Date('2026-01-02T00:00:00Z'), expires_at: now, ended_at: null }, now)).toBe(false));
  it('ends when signed out', () =>
    expect(
      isSessionLive(
        { idle_expires_at: new Date('2026-01-02T00:00:00Z'), expires_at: new Date('2026-01-02T00:00:00Z'), ended_at: now },
        now,
      ),
    ).toBe(false));
  it('touches at most once a minute', () => {
    expect(shouldTouch(now, new Date(now.getTime() + 59_999))).toBe(false);
    expect(shouldTouch(now, new Date(now.getTime() + 60_000))).toBe(true);
  });
});
