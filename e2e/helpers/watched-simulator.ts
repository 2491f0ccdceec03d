import { createSimulator, type SimulatorOptions } from '@portal/swc-simulator';
import type { AddressInfo } from 'node:net';

const GALAXY = '/ws/v2.0/galaxy/';

/** Web-service requests for one galaxy kind: its list pages, and detail calls of single rows. */
export interface KindRequests {
  list: number;
  detail: number;
}

/**
 * The SWCombine simulator, run in the test process so that it outlives the product, counting the
 * galaxy requests it receives per kind, and able to hold a list's pages from a given row on (as a
 * SWCombine that stops answering): the product is then stopped in a known place, mid-request.
 */
export async function startWatchedSimulator(opts: SimulatorOptions) {
  const sim = createSimulator(opts);
  const counts = new Map<string, KindRequests>();
  let gate: { kind: string; fromIndex: number; opened: Promise<void>; open: () => void; reached: () => void } | null = null;
  let held = 0;

  sim.app.addHook('onRequest', async (request) => {
    const url = new URL(request.url, 'http://simulator');
    if (!url.pathname.startsWith(GALAXY)) return;
    const [kind, uid] = url.pathname.slice(GALAXY.length).split('/');
    const count = counts.get(kind!) ?? { list: 0, detail: 0 };
    counts.set(kind!, count);
    if (uid) return void count.detail++;
    count.list++;
    const start = Number(url.searchParams.get('start_index') ?? 1);
    if (gate && gate.kind === kind && start >= gate.fromIndex) {
      held++;
      gate.reached();
      await gate.opened;
    }
  });
  await sim.app.listen({ port: 0, host: 'localhost' });

  return {
    url: `http://localhost:${(sim.app.server.address() as AddressInfo).port}`,
    galaxy: sim.galaxy,
    requests: (kind: string): KindRequests => ({ ...(counts.get(kind) ?? { list: 0, detail: 0 }) }),
    /** List requests held so far (each one the product sent and never got an answer to while held). */
    held: () => held,
    /** Holds every page of `kind`'s list that starts at row `fromIndex` or later; resolves once one is held. */
    holdListFrom(kind: string, fromIndex: number): Promise<void> {
      let reached!: () => void;
      let open!: () => void;
      const isReached = new Promise<void>((r) => (reached = r));
      gate = { kind, fromIndex, opened: new Promise<void>((r) => (open = r)), open, reached };
      return isReached;
    },
    /** Answers the held requests (to whoever still listens) and holds no more. */
    release() {
      gate?.open();
      gate = null;
    },
    async close() {
      this.release();
      await sim.app.close();
    },
  };
}

export type WatchedSimulator = Awaited<ReturnType<typeof startWatchedSimulator>>;
