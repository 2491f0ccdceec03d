import { describe, expect, it } from 'vitest';
import { isPublished, isSigning, needsSuccessor, scheduleKey, type KeyPolicy } from '../../src/domain/key-schedule.ts';

const H = 3_600_000;
const policy: KeyPolicy = { signingPeriodMs: 30 * 24 * H, publishLeadMs: 24 * H, maxTokenLifetimeMs: 24 * H };
const now = new Date('2026-11-22T00:00:00Z');

describe('signing key schedule', () => {
  const first = scheduleKey(now, now, policy);
  it('signs for the signing period, then stays published past the longest token', () => {
    expect(isSigning(first, now)).toBe(true);
    expect(first.retires_at.getTime() - now.getTime()).toBe(30 * 24 * H);
    expect(first.expires_at.getTime() - first.retires_at.getTime()).toBeGreaterThan(policy.maxTokenLifetimeMs);
  });
  it('asks for a successor only within the lead time', () => {
    expect(needsSuccessor(null, now, policy)).toBe(true);
    expect(needsSuccessor(first, new Date(first.retires_at.getTime() - 25 * H), policy)).toBe(false);
    expect(needsSuccessor(first, new Date(first.retires_at.getTime() - 24 * H), policy)).toBe(true);
  });
  it('publishes a successor before it signs', () => {
    const createdAt = new Date(first.retires_at.getTime() - 24 * H);
    const next = scheduleKey(createdAt, first.retires_at, policy);
    expect(isPublished(next, createdAt)).toBe(true);
    expect(isSigning(next, createdAt)).toBe(false);
    expect(isSigning(next, first.retires_at)).toBe(true);
    expect(isSigning(first, first.retires_at)).toBe(false);
    expect(isPublished(first, first.retires_at)).toBe(true);
  });
});
