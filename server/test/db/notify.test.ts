import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessChangeChannel } from '../../src/db/notify.ts';
import { FreezableProxy } from '../helpers/freezable-proxy.ts';

/** Two replicas' channels on one database; replica B reaches it through a proxy the test can cut. */
describe('the channel that tells replicas to drop cached access', () => {
  let proxy: FreezableProxy;
  let flushesOnB = 0;
  const logOfB: string[] = [];
  let a: ReturnType<typeof accessChangeChannel>;
  let b: ReturnType<typeof accessChangeChannel>;

  beforeAll(async () => {
    proxy = await FreezableProxy.forUrl(inject('databaseUrl')).start();
    a = accessChangeChannel(inject('databaseUrl'), () => undefined);
    b = accessChangeChannel(proxy.urlFor(inject('databaseUrl')), () => void flushesOnB++, {
      log: (msg) => void logOfB.push(msg),
      reconnectMs: 100,
    });
    await a.listen();
    await b.listen();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await proxy.stop().catch(() => undefined);
  });

  it("carries a flush to the other replica, and still does after that replica's connection was lost for a while", async () => {
    await a.publish();
    await expect.poll(() => flushesOnB).toBe(1);

    await proxy.stop();
    // Unreachable for longer than one reconnect pause: the first tries are refused.
    await new Promise((r) => setTimeout(r, 1_500));
    await proxy.start();

    const before = flushesOnB;
    await expect
      .poll(
        async () => {
          await a.publish();
          return flushesOnB > before;
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(true);
    expect(logOfB).toContain('access change listener is listening again');
  });
});
