import { describe, expect, it } from 'vitest';
import { AppInput } from '../src/admin-apps.ts';
import { PHASE_COLOR_RULE, phaseOf } from '../src/apps.ts';

const base = { phase: 'Beta', phaseDesc: 'Open testing', progress: 40, phaseColor: null };

describe('phaseOf', () => {
  it('shows the phase when phase, description and progress are present, blue by default', () =>
    expect(phaseOf(base)).toEqual({ label: 'Beta', description: 'Open testing', progress: 40, color: 'blue' }));
  it('keeps a given colour', () => expect(phaseOf({ ...base, phaseColor: 'green' })?.color).toBe('green'));
  it('keeps a hex colour', () => expect(phaseOf({ ...base, phaseColor: '#1E90ff' })?.color).toBe('#1E90ff'));
  it('draws a stored value that is no colour (CSS) in blue instead', () =>
    expect(phaseOf({ ...base, phaseColor: 'red;background:url(//x/)' })?.color).toBe('blue'));
  it('shows a progress of 0', () => expect(phaseOf({ ...base, progress: 0 })?.progress).toBe(0));
  it('hides without a phase', () => expect(phaseOf({ ...base, phase: null })).toBeNull());
  it('hides without a description', () => expect(phaseOf({ ...base, phaseDesc: '' })).toBeNull());
  it('hides without progress', () => expect(phaseOf({ ...base, progress: null })).toBeNull());
  it('clamps progress to 0..100', () => expect(phaseOf({ ...base, progress: 250 })?.progress).toBe(100));
});

describe('the phase colour an admin may save', () => {
  const app = { key: 'wiki', name: 'Wiki', audience: 'wiki' };
  it.each(['teal', 'gold', '#fff', '#1e90FF'])('accepts %s', (phaseColor) =>
    expect(AppInput.parse({ ...app, phaseColor }).phaseColor).toBe(phaseColor),
  );
  it.each(['red;background:url(//x/)', 'url(//x/)', 'var(--x)', '#12345', 'rgb(1,2,3)', 'Blue'])('refuses %j with the rule', (phaseColor) =>
    expect(AppInput.safeParse({ ...app, phaseColor }).error?.issues[0]?.message).toBe(PHASE_COLOR_RULE),
  );
});
