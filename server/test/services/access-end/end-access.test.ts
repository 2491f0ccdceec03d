import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/pool.ts';
import { endAccessIn } from '../../../src/services/access-end/end-access.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let userId: string;
let announced = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  await signIn(ctx, '1:100002');
  userId = await userIdOf(ctx, '1:100002');
  ctx.deps.accessChanged.listen(() => void announced++);
});
afterAll(() => ctx.close());

const liveSessions = async () =>
  (await ctx.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND ended_at IS NULL', [userId]))
    .rows[0]!.n;

describe("ending access as a step of the caller's transaction", () => {
  it('ends nothing and announces nothing when the caller refuses after the end was written', async () => {
    announced = 0;
    const err = await inTransaction(ctx.deps.db, async (tx) => {
      const ended = await endAccessIn(ctx.deps, tx, [{ kind: 'sessions', userId }]);
      expect(ended.sessions).toHaveLength(1);
      throw new Error('the caller refuses');
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('the caller refuses');
    expect(await liveSessions()).toBe(1);
    expect(announced).toBe(0);
  });

  it('announces that access changed once the caller commits, and before inTransaction answers', async () => {
    announced = 0;
    await inTransaction(ctx.deps.db, async (tx) => {
      await endAccessIn(ctx.deps, tx, [{ kind: 'sessions', userId }]);
      expect(announced).toBe(0);
    });
    expect(announced).toBe(1);
    expect(await liveSessions()).toBe(0);
  });
});
