import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMembershipEnds } from '../../../src/services/groups/membership-ends.ts';
import { expireRequests } from '../../../src/services/groups/group-requests.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let mira: string;
let talia: string;
let rorr: string;
let miraId: string;
let fleetOps: string;
let otherGroup: string;
let boardId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: cookie } });
const verifyBoard = (cookie = mira) => ctx.app.inject({ url: '/auth/verify?aud=board', cookies: { portal_session: cookie } });
const auditRows = async (event: string) =>
  (
    await ctx.deps.db.query<{ user_id: string | null; actor_id: string | null; details: Record<string, unknown> }>(
      'SELECT user_id, actor_id, details FROM audit_log WHERE event = $1 ORDER BY created_at',
      [event],
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  boardId = (await createAppFixture(ctx, { key: 'board', name: 'Fleet Board' })).id;
  admin = (await signIn(ctx, '1:100001')).cookie;
  mira = (await signIn(ctx, '1:100002')).cookie;
  rorr = (await signIn(ctx, '1:100003')).cookie;
  talia = (await signIn(ctx, '1:100004')).cookie;
  miraId = await userIdOf(ctx, '1:100002');
  fleetOps = (
    await call('POST', '/api/admin/groups', admin, { name: 'Fleet Ops', description: 'Who runs the fleet', joining: 'request' })
  ).json().id;
  otherGroup = (await call('POST', '/api/admin/groups', admin, { name: 'Quartermasters', description: '' })).json().id;
  await call('PUT', `/api/admin/apps/${boardId}/access-rules`, admin, {
    rules: [{ group_id: fleetOps, roles: [], scopes: [], grace_hours: 0 }],
  });
});
afterAll(() => ctx.close());

describe('an admin sets managers and joining', () => {
  it('makes Talia the manager of Fleet Ops, a UID never seen becoming a user, audited', async () => {
    const set = await call('PUT', `/api/admin/groups/${fleetOps}/managers`, admin, { uids: ['1:100004', '1:888001'] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual([
      expect.objectContaining({ uid: '1:100004', name: 'Talia Dorne' }),
      expect.objectContaining({ uid: '1:888001', name: null }),
    ]);
    await call('PUT', `/api/admin/groups/${fleetOps}/managers`, admin, { uids: ['1:100004'] });
    expect((await call('GET', `/api/admin/groups/${fleetOps}/managers`, admin)).json()).toEqual([
      expect.objectContaining({ uid: '1:100004' }),
    ]);
    const group = (await call('GET', '/api/admin/groups', admin)).json().find((g: { id: string }) => g.id === fleetOps);
    expect(group).toMatchObject({ joining: 'request', manager_count: 1 });
    expect(await auditRows('group_managers_set')).toHaveLength(2);
  });

  it('changes joining with PUT and keeps it when left out; refuses a value it does not know, in words', async () => {
    const open = await call('PUT', `/api/admin/groups/${otherGroup}`, admin, { name: 'Quartermasters', description: '', joining: 'open' });
    expect(open.json().joining).toBe('open');
    const kept = await call('PUT', `/api/admin/groups/${otherGroup}`, admin, { name: 'Quartermasters', description: 'Stores' });
    expect(kept.json().joining).toBe('open');
    const bad = await call('PUT', `/api/admin/groups/${otherGroup}`, admin, { name: 'Quartermasters', joining: 'anyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('joining must be closed, request or open');
  });
});

describe('a faction stays the game’s', () => {
  it('has no managers, and a player cannot ask to join it here', async () => {
    const groups = (await call('GET', '/api/admin/groups', admin)).json() as { id: string; kind: string; joining: string }[];
    const faction = groups.find((g) => g.kind === 'faction')!;
    expect(faction.joining).toBe('closed');
    const managers = await call('PUT', `/api/admin/groups/${faction.id}/managers`, admin, { uids: ['1:100004'] });
    expect(managers.statusCode).toBe(409);
    const asked = await call('POST', '/api/me/group-requests', mira, { group_id: faction.id });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().message).toMatch(/ is a SWCombine faction: you join it in the game, not here\.$/);
  });
});

describe('a player asks and a manager answers', () => {
  let requestId: string;

  it('lists Fleet Ops as joinable with its app, and keeps one pending request per player and group', async () => {
    const mine = (await call('GET', '/api/me/groups', mira)).json();
    expect(mine.joinable).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: fleetOps, name: 'Fleet Ops', joining: 'request', apps: ['Fleet Board'] })]),
    );
    const why = (await call('GET', '/api/me/apps/why', mira)).json();
    expect(why.askable).toEqual([
      expect.objectContaining({
        key: 'board',
        join: { group_id: fleetOps, group_name: 'Fleet Ops', joining: 'request', pending: false },
        ask_whom: 'Ask Talia Dorne (manages Fleet Ops) or an admin',
      }),
    ]);
    const asked = await call('POST', '/api/me/group-requests', mira, { group_id: fleetOps, note: 'I fly the Bulwark.\nTen years.' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'pending' });
    requestId = asked.json().request_id;
    const again = await call('POST', '/api/me/group-requests', mira, { group_id: fleetOps });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already asked to join Fleet Ops: its managers have not answered yet.');
    expect((await verifyBoard()).statusCode).toBe(401);
  });

  it('refuses a huge or hostile note in words, and stores markup as plain text', async () => {
    const huge = await call('POST', '/api/me/group-requests', rorr, { group_id: fleetOps, note: 'x'.repeat(501) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('Note must be at most 500 characters');
    const nul = await call('POST', '/api/me/group-requests', rorr, { group_id: fleetOps, note: 'hi\u0000there' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('Note must not contain control characters');
    const markup = await call('POST', '/api/me/group-requests', rorr, { group_id: fleetOps, note: '<script>alert(1)</script>' });
    expect(markup.statusCode).toBe(201);
    const waiting = (await call('GET', '/api/manage/requests', talia)).json();
    expect(waiting.map((r: { note: string }) => r.note)).toContain('<script>alert(1)</script>');
  });

  it('lets a manager see the requests with name and note, but no player approves himself', async () => {
    const waiting = (await call('GET', '/api/manage/requests', talia)).json();
    expect(waiting.find((r: { id: string }) => r.id === requestId)).toMatchObject({
      id: requestId,
      uid: '1:100002',
      name: 'Mira Solan',
      note: 'I fly the Bulwark.\nTen years.',
    });
    const self = await call('POST', `/api/manage/requests/${requestId}/approve`, mira, {});
    expect(self.statusCode).toBe(403);
    expect((await call('POST', `/api/admin/group-requests/${requestId}/approve`, mira, {})).statusCode).toBe(403);
    // Another site cannot make Talia's browser approve it either.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/manage/requests/${requestId}/approve`,
      payload: {},
      cookies: { portal_session: talia },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await verifyBoard()).statusCode).toBe(401);
  });

  it('approves with an end date: Mira is in at once, told, and the audit names Talia; at the end date she is out', async () => {
    const until = new Date(ctx.clock.now().getTime() + 60_000).toISOString();
    const approved = await call('POST', `/api/manage/requests/${requestId}/approve`, talia, { until });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', until });
    expect((await verifyBoard()).statusCode).toBe(200);
    const taliaId = await userIdOf(ctx, '1:100004');
    expect(await auditRows('group_request_approved')).toEqual([
      expect.objectContaining({ user_id: miraId, actor_id: taliaId, details: expect.objectContaining({ apps_opened: ['Fleet Board'] }) }),
    ]);
    const notices = (await call('GET', '/api/me/notices', mira)).json().notices;
    expect(notices[0].sentence).toMatch(/^Your request to join Fleet Ops was approved until .* UTC: you may now open Fleet Board$/);
    const mine = (await call('GET', '/api/me/groups', mira)).json();
    expect(mine.member_of).toEqual([expect.objectContaining({ id: fleetOps, source: 'approved', until, can_leave: true })]);
    const members = (await call('GET', `/api/manage/groups/${fleetOps}/members`, talia)).json();
    expect(members).toEqual([expect.objectContaining({ uid: '1:100002', until })]);

    const again = await call('POST', `/api/manage/requests/${requestId}/approve`, talia, {});
    expect(again.statusCode).toBe(409);

    ctx.clock.advance(61_000);
    expect(await applyMembershipEnds(ctx.deps)).toEqual({ ended: 1 });
    expect((await verifyBoard()).statusCode).toBe(401);
    const ended = (await call('GET', '/api/me/events', mira)).json();
    expect(ended[0].sentence).toBe('Your membership of Fleet Ops reached its end date: your access to Fleet Board ended');
  });

  it('refuses an end date in the past, in words', async () => {
    const pending = (await call('GET', '/api/manage/requests', talia)).json()[0];
    const past = await call('POST', `/api/manage/requests/${pending.id}/approve`, talia, { until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('until must be in the future: the membership would end at once.');
  });

  it('denies with a reason the player reads', async () => {
    const pending = (await call('GET', '/api/manage/requests', talia)).json()[0];
    const denied = await call('POST', `/api/manage/requests/${pending.id}/deny`, talia, { reason: 'Not a pilot yet' });
    expect(denied.json()).toMatchObject({ status: 'denied' });
    const rorrs = (await call('GET', '/api/me/groups', rorr)).json();
    expect(rorrs.answered).toEqual([expect.objectContaining({ group_name: 'Fleet Ops', status: 'denied', reason: 'Not a pilot yet' })]);
    expect((await call('GET', '/api/me/notices', rorr)).json().notices[0].sentence).toBe(
      'Your request to join Fleet Ops was denied: Not a pilot yet',
    );
  });
});

describe('a manager reaches only the groups they manage', () => {
  it('answers 404 for every call on a group or request they do not manage, and 403 on /api/admin', async () => {
    const other = `/api/manage/groups/${otherGroup}`;
    expect((await call('GET', `${other}/members`, talia)).statusCode).toBe(404);
    expect((await call('POST', `${other}/members`, talia, { uids: ['1:100002'] })).statusCode).toBe(404);
    expect((await call('DELETE', `${other}/members/${miraId}`, talia)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await call('GET', `/api/manage/groups/${unknown}/members`, talia)).statusCode).toBe(404);
    expect((await call('POST', `/api/manage/requests/${unknown}/approve`, talia, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/groups', talia)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/groups/${fleetOps}/members`, talia)).statusCode).toBe(403);
    expect((await call('GET', '/api/manage/groups', mira)).statusCode).toBe(403);
    const mine = (await call('GET', '/api/manage/groups', talia)).json();
    expect(mine.map((g: { name: string }) => g.name)).toEqual(['Fleet Ops']);
  });

  it('a request to another group is a 404 for this manager; a manager removed while a request is open can no longer answer it', async () => {
    await call('PUT', `/api/admin/groups/${otherGroup}`, admin, { name: 'Quartermasters', description: '', joining: 'request' });
    const asked = (await call('POST', '/api/me/group-requests', mira, { group_id: otherGroup })).json();
    expect((await call('POST', `/api/manage/requests/${asked.request_id}/approve`, talia, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/manage/requests/${asked.request_id}/deny`, talia, {})).statusCode).toBe(404);

    const fleetAsk = (await call('POST', '/api/me/group-requests', mira, { group_id: fleetOps, note: 'Again' })).json();
    await call('PUT', `/api/admin/groups/${fleetOps}/managers`, admin, { uids: [] });
    expect((await call('POST', `/api/manage/requests/${fleetAsk.request_id}/approve`, talia, {})).statusCode).toBe(403);
    // The request still waits for an admin.
    const waiting = (await call('GET', `/api/admin/groups/${fleetOps}/requests`, admin)).json();
    expect(waiting.map((r: { id: string }) => r.id)).toContain(fleetAsk.request_id);
    await call('PUT', `/api/admin/groups/${fleetOps}/managers`, admin, { uids: ['1:100004'] });
  });

  it('adds and removes members with Talia as the actor, and access follows', async () => {
    const added = await call('POST', `/api/manage/groups/${fleetOps}/members`, talia, { uids: ['1:100003'] });
    expect(added.json()).toEqual({ added: 1, already: 0, new_users: 0, unknown_to_game: [] });
    expect((await verifyBoard(rorr)).statusCode).toBe(200);
    const rorrId = await userIdOf(ctx, '1:100003');
    const removed = await call('DELETE', `/api/manage/groups/${fleetOps}/members/${rorrId}`, talia);
    expect(removed.statusCode).toBe(204);
    expect((await verifyBoard(rorr)).statusCode).toBe(401);
    const taliaId = await userIdOf(ctx, '1:100004');
    const rows = await auditRows('group_member_removed');
    expect(rows.at(-1)).toMatchObject({ user_id: rorrId, actor_id: taliaId, details: expect.objectContaining({ by_manager: true }) });
  });
});

describe('joining, leaving, withdrawing and expiry', () => {
  it('an open group is joined at once; a closed group answers 403 in words; leaving ends access', async () => {
    const closed = (await call('POST', '/api/admin/groups', admin, { name: 'Council', description: '' })).json().id;
    const refused = await call('POST', '/api/me/group-requests', rorr, { group_id: closed });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Council is closed: only its managers and the admins add members. Ask one of them.');

    await call('PUT', `/api/admin/groups/${fleetOps}`, admin, { name: 'Fleet Ops', description: '', joining: 'open' });
    const joined = await call('POST', '/api/me/group-requests', rorr, { group_id: fleetOps });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'joined', message: 'You joined Fleet Ops: you may now open Fleet Board.' });
    expect((await verifyBoard(rorr)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/me/groups/${fleetOps}`, rorr)).statusCode).toBe(204);
    expect((await verifyBoard(rorr)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/me/groups/${fleetOps}`, rorr)).statusCode).toBe(404);
    await call('PUT', `/api/admin/groups/${fleetOps}`, admin, { name: 'Fleet Ops', description: '', joining: 'request' });
  });

  it('withdraws only the player’s own request', async () => {
    const pending = (await call('GET', '/api/me/groups', mira)).json().pending;
    const fleet = pending.find((r: { group_id: string }) => r.group_id === fleetOps);
    expect((await call('DELETE', `/api/me/group-requests/${fleet.id}`, rorr)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/group-requests/${fleet.id}`, mira)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/me/group-requests/${fleet.id}`, mira)).statusCode).toBe(409);
  });

  it('expires a request no one answered in GROUP_REQUEST_DAYS, tells the player, and an expired request cannot be approved', async () => {
    const asked = (await call('POST', '/api/me/group-requests', mira, { group_id: fleetOps })).json();
    ctx.clock.advance(14 * 86_400_000 + 1000);
    // Sessions end long before a request expires: everyone signs in again.
    const cookieOf = async (uid: string) => (await signIn(ctx, uid)).cookie;
    [admin, mira, talia, rorr] = [
      await cookieOf('1:100001'),
      await cookieOf('1:100002'),
      await cookieOf('1:100004'),
      await cookieOf('1:100003'),
    ];
    const late = await call('POST', `/api/manage/requests/${asked.request_id}/approve`, talia, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request expired: the player may ask again.');
    expect((await expireRequests(ctx.deps)).expired).toBeGreaterThanOrEqual(1);
    const notices = (await call('GET', '/api/me/notices', mira)).json().notices;
    expect(notices.map((n: { sentence: string }) => n.sentence)).toContain(
      'Your request to join Fleet Ops expired: no manager answered in time',
    );
  });

  it('limits how many requests a player makes an hour', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push((await call('POST', '/api/admin/groups', admin, { name: `Wing ${i}`, description: '', joining: 'request' })).json().id);
    }
    const answers = [];
    for (const id of ids) answers.push((await call('POST', '/api/me/group-requests', rorr, { group_id: id })).statusCode);
    expect(answers, JSON.stringify(answers)).toContain(429);
    const limited = await call('POST', '/api/me/group-requests', rorr, { group_id: ids.at(-1)! });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('closing a group', () => {
  it('refuses the requests waiting for an answer, audited and told; approving one after is a 409 in words', async () => {
    const scouts = (await call('POST', '/api/admin/groups', admin, { name: 'Scouts', description: '', joining: 'request' })).json().id;
    await call('PUT', `/api/admin/groups/${scouts}/managers`, admin, { uids: ['1:100004'] });
    const asked = (await call('POST', '/api/me/group-requests', mira, { group_id: scouts, note: 'I scout.' })).json();
    expect(asked).toMatchObject({ status: 'pending' });

    const closed = await call('PUT', `/api/admin/groups/${scouts}`, admin, { name: 'Scouts', description: '', joining: 'closed' });
    expect(closed.statusCode).toBe(200);

    const approved = await call('POST', `/api/manage/requests/${asked.request_id}/approve`, talia, {});
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(
      'Scouts is closed: the requests waiting when it closed were refused. Add the player as a member if they should be in.',
    );
    expect((await call('POST', `/api/admin/group-requests/${asked.request_id}/approve`, admin, {})).statusCode).toBe(409);
    expect((await call('GET', `/api/manage/groups/${scouts}/members`, talia)).json()).toEqual([]);
    expect((await call('GET', `/api/admin/groups/${scouts}/requests`, admin)).json()).toEqual([]);

    const adminId = await userIdOf(ctx, '1:100001');
    const reason = 'Scouts closed: only its managers and the admins add members now.';
    expect((await auditRows('group_request_denied')).at(-1)).toMatchObject({
      user_id: miraId,
      actor_id: adminId,
      details: expect.objectContaining({ group_id: scouts, request_id: asked.request_id, reason, group_closed: true }),
    });
    expect((await auditRows('group_updated')).at(-1)).toMatchObject({
      details: expect.objectContaining({ group_id: scouts, joining: 'closed', joining_was: 'request', requests_refused: 1 }),
    });
    const mine = (await call('GET', '/api/me/groups', mira)).json();
    expect(mine.answered).toEqual(expect.arrayContaining([expect.objectContaining({ group_id: scouts, status: 'denied', reason })]));
    expect((await call('GET', '/api/me/notices', mira)).json().notices[0].sentence).toBe(
      `Your request to join Scouts was denied: ${reason}`,
    );
  });
});

describe('joining an open group in a loop', () => {
  it('limits how often a player joins open groups an hour, in words with Retry-After; other players still join', async () => {
    const cantina = (await call('POST', '/api/admin/groups', admin, { name: 'Cantina', description: '', joining: 'open' })).json().id;
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await call('POST', '/api/me/group-requests', rorr, { group_id: cantina })).statusCode);
      answers.push((await call('DELETE', `/api/me/groups/${cantina}`, rorr)).statusCode);
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => [201, 204]).flat());

    const limited = await call('POST', '/api/me/group-requests', rorr, { group_id: cantina });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('You joined open groups 10 times in the last hour. Try again later.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await call('GET', '/api/me/groups', rorr)).json().member_of).not.toContainEqual(expect.objectContaining({ id: cantina }));

    expect((await call('POST', '/api/me/group-requests', mira, { group_id: cantina })).statusCode).toBe(201);
  });
});

describe('an admin adds members with an end date', () => {
  it('keeps the end date the admin gave, as a manager’s add does, and audits it', async () => {
    const wing = (await call('POST', '/api/admin/groups', admin, { name: 'Escort Wing', description: '' })).json().id;
    const until = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
    const added = await call('POST', `/api/admin/groups/${wing}/members`, admin, { uids: ['1:100003'], until });
    expect(added.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/groups/${wing}/members`, admin)).json()).toEqual([
      expect.objectContaining({ uid: '1:100003', until }),
    ]);
    expect((await auditRows('group_members_added')).at(-1)).toMatchObject({
      details: expect.objectContaining({ group_id: wing, until }),
    });
    const past = await call('POST', `/api/admin/groups/${wing}/members`, admin, { uids: ['1:100002'], until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('until must be in the future: the membership would end at once.');
  });
});
