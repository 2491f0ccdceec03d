import { z } from 'zod';
import type { SwcClient } from './client.ts';

/** SWCombine's public list of factions, in its pages (`/factions/`, the list shape). */
export const FACTIONS_PATH = '/factions/';
const PAGE_SIZE = 50;

const FactionsSwcapi = z.object({
  factions: z.object({
    attributes: z.object({ start: z.coerce.number(), total: z.coerce.number(), count: z.coerce.number() }),
    faction: z
      .array(z.object({ attributes: z.object({ uid: z.string(), name: z.string().optional() }), value: z.string().nullish() }))
      .nullish()
      .transform((f) => f ?? []),
  }),
});

export interface ListedFaction {
  uid: string;
  name: string;
}

/** Every faction SWCombine lists, as background calls (they leave the reserves of the one request budget alone). */
export async function readFactionList(swc: Pick<SwcClient, 'webService'>): Promise<ListedFaction[]> {
  const factions = new Map<string, string>();
  for (let start = 1; ;) {
    const { factions: page } = await swc.webService({
      path: FACTIONS_PATH,
      callClass: 'background',
      query: { start_index: start, item_count: PAGE_SIZE },
      schema: FactionsSwcapi,
      what: 'the faction list',
    });
    for (const f of page.faction) factions.set(f.attributes.uid, f.attributes.name ?? f.value ?? f.attributes.uid);
    const { start: first, count, total } = page.attributes;
    if (count === 0 || first - 1 + count >= total) break;
    start = first + count;
  }
  return [...factions].map(([uid, name]) => ({ uid, name }));
}
