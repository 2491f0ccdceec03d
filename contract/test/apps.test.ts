import { describe, expect, it } from 'vitest';
import { phaseOf } from '../src/apps.ts';

const base = { phase: 'Beta', phaseDesc: 'Open testing', progress: 40, phaseColor: null };

describe('phaseOf', () => {
  it('shows the phase when phase, description and progress are present, blue by default', () =>
    expect(phaseOf(base)).toEqual({ label: 'Beta', description: 'Open testing', progress: 40, color: 'blue' }));
  it('keeps a given colour', () => expect(phaseOf({ ...base, phaseColor: 'green' })?.color).toBe('green'));
  it('shows a progress of 0', () => expect(phaseOf({ ...base, progress: 0 })?.progress).toBe(0));
  it('hides without a phase', () => expect(phaseOf({ ...base, phase: null })).toBeNull());
  it('hides without a description', () => expect(phaseOf({ ...base, phaseDesc: '' })).toBeNull());
  it('hides without progress', () => expect(phaseOf({ ...base, progress: null })).toBeNull());
  it('clamps progress to 0..100', () => expect(phaseOf({ ...base, progress: 250 })?.progress).toBe(100));
});
