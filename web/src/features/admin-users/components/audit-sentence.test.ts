import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence.ts';

const row = { event: 'login', app_key: null, app_name: null, actor_name: null, details: {} };

describe('auditSentence', () => {
  it('says what changed, where and who did it', () => {
    expect(
      auditSentence({
        ...row,
        event: 'role_revoked',
        app_key: 'wiki',
        app_name: 'Wiki',
        actor_name: 'Jorin Vex',
        details: { value: 'staff' },
      }),
    ).toBe('Role revoked: staff on Wiki by Jorin Vex');
  });

  it("names the user's own events without an actor, and the app by its key when it was deleted since", () => {
    expect(auditSentence({ ...row, app_key: 'fleet' })).toBe('Signed in on fleet');
    expect(
      auditSentence({ ...row, event: 'login_denied', app_key: 'wiki', app_name: 'Wiki', details: { reason: 'no access granted' } }),
    ).toBe('Sign-in refused on Wiki (no access granted)');
  });

  it('reads an event this build does not know as its code, and ignores details that are not text', () => {
    expect(auditSentence({ ...row, event: 'teleported', details: { value: 42 } })).toBe('teleported');
  });
});
