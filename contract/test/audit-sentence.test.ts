import { describe, expect, it } from 'vitest';
import { auditSentence } from '../src/audit-sentence.ts';

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

  it('names the admin who ended a session once: "by Jorin Vex", not "by an admin by Jorin Vex"', () => {
    const ended = { ...row, event: 'session_ended_by_admin', app_key: 'wiki', app_name: 'Wiki', details: { sid: 's1' } };
    expect(auditSentence({ ...ended, actor_name: 'Jorin Vex' })).toBe('Session ended on Wiki by Jorin Vex');
    // With the acting admin gone from the log, the label still says an admin did it.
    expect(auditSentence(ended)).toBe('Session ended by an admin on Wiki');
  });

  it('reads an event this build does not know as its code, and ignores details that are not text', () => {
    expect(auditSentence({ ...row, event: 'teleported', details: { value: 42 } })).toBe('teleported');
  });

  it('names the user acted upon when the screen does not already', () => {
    const suspended = { ...row, event: 'access_suspended', app_key: 'wiki', app_name: 'Wiki', actor_name: 'Jorin Vex' };
    expect(auditSentence({ ...suspended, user_name: 'Mira Solan' })).toBe('Access suspended on Wiki for Mira Solan by Jorin Vex');
    expect(auditSentence({ ...row, app_key: 'wiki', app_name: 'Wiki', user_name: 'Mira Solan' })).toBe('Mira Solan: Signed in on Wiki');
  });

  it('names what a sync or a service JWT event is about', () => {
    expect(auditSentence({ ...row, event: 'sync_triggered', actor_name: 'Jorin Vex', details: { target: 'galaxy', runId: '7' } })).toBe(
      'Data sync started: galaxy by Jorin Vex',
    );
    expect(auditSentence({ ...row, event: 'service_jwt_rotated', details: { service: 'billing-worker' } })).toBe(
      'Service JWT rotated: billing-worker',
    );
  });

  it('leaves the app out where the screen shows it in a column of its own', () => {
    const revoked = {
      ...row,
      event: 'role_revoked',
      app_key: 'wiki',
      app_name: 'Wiki',
      actor_name: 'Jorin Vex',
      details: { value: 'staff' },
    };
    expect(auditSentence(revoked, { appShown: true })).toBe('Role revoked: staff by Jorin Vex');
    expect(auditSentence({ ...row, app_key: 'wiki', app_name: 'Wiki' }, { appShown: true })).toBe('Signed in');
  });
});
