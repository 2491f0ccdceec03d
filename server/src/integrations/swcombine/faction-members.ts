import { z } from 'zod';
import type { SwcClient } from './client.ts';

/**
 * The member list of a faction. SWCombine's client libraries list "List faction members" among the
 * faction endpoints without its path; it is taken to follow the others' pattern. Kept here alone, so
 * a different path is one line to change.
 */
export const factionMembersPath = (factionUid: string) => `/faction/${encodeURIComponent(factionUid)}/members`;

/** The largest page the list allows (as inventory lists do): ⌈members / 200⌉ requests a roster. */
export const MEMBERS_PAGE_SIZE = 200;

const MembersSwcapi = z.object({
  members: z.object({
    attributes: z.object({ start: z.coerce.number(), total: z.coerce.number(), count: z.coerce.number() }),
    member: z
      .array(z.object({ attributes: z.object({ uid: z.string() }), value: z.string().nullish() }))
      .nullish()
      .transform((m) => m ?? []),
  }),
});

export interface FactionMember {
  uid: string;
  name: string | null;
}

/**
 * Every member of the faction, page after page of the largest size, as background calls (they leave
 * the reserve of the one request budget to sign-ins). Throws on any failure: a roster is used only
 * when it was read whole, so a failed read never looks like members leaving.
 */
export async function readFactionMembers(
  swc: Pick<SwcClient, 'webService'>,
  accessToken: string,
  factionUid: string,
): Promise<FactionMember[]> {
  const members: FactionMember[] = [];
  for (let start = 1; ;) {
    const { members: page } = await swc.webService({
      path: factionMembersPath(factionUid),
      accessToken,
      callClass: 'background',
      query: { start_index: start, item_count: MEMBERS_PAGE_SIZE },
      schema: MembersSwcapi,
      what: `the member list of faction ${factionUid}`,
    });
    for (const m of page.member) members.push({ uid: m.attributes.uid, name: m.value ?? null });
    const { start: first, count, total } = page.attributes;
    if (count === 0 || first - 1 + count >= total) return members;
    start = first + count;
  }
}
