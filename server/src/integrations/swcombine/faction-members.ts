import { z } from 'zod';
import type { SwcClient } from './client.ts';

/**
 * The member list of a faction. SWCombine's client libraries list "List faction members" among the
 * faction endpoints without its path; it is taken to follow the others' pattern. Kept here alone, so
 * a different path is one line to change.
 */
const factionMembersPath = (factionUid: string) => `/faction/${encodeURIComponent(factionUid)}/members`;

/** The largest page the list allows (as inventory lists do). */
export const MEMBERS_PAGE_SIZE = 200;

/** How many requests one whole read of a list of `total` members takes: pages of 200 that overlap by one. */
export const membersPages = (total: number) => 1 + Math.ceil(Math.max(0, total - MEMBERS_PAGE_SIZE) / (MEMBERS_PAGE_SIZE - 1));

/** A list that moved under the read is read again from its start, up to this many reads in all. */
const MEMBERS_READS = 3;

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

/** The member list changed while it was read (SWCombine pages by offset, with no snapshot). */
class MemberListMoved extends Error {}

/**
 * Every member of the faction, as one consistent list, as roster calls (they leave the reserve of the
 * one request budget to sign-ins, and take the share the data sync leaves them). SWCombine pages by offset: a player joining or leaving
 * between two pages shifts the next page, and the member at the boundary would go unread. So each
 * page starts at the previous page's last member, and a read is whole only when every page gives
 * the same total, each overlap is the same member and the members counted make that total. A list
 * that moved is read again from its start, up to MEMBERS_READS reads; then MemberListMoved is thrown.
 * Any other failure throws too: a roster is used only when read whole, so a failed read never looks
 * like members leaving.
 */
export async function readFactionMembers(
  swc: Pick<SwcClient, 'webService'>,
  accessToken: string,
  factionUid: string,
): Promise<FactionMember[]> {
  for (let read = 1; ; read++) {
    try {
      return await readOnce(swc, accessToken, factionUid);
    } catch (err) {
      if (!(err instanceof MemberListMoved) || read === MEMBERS_READS) throw err;
    }
  }
}

async function readOnce(swc: Pick<SwcClient, 'webService'>, accessToken: string, factionUid: string): Promise<FactionMember[]> {
  const members: FactionMember[] = [];
  const seen = new Set<string>();
  const moved = (what: string) =>
    new MemberListMoved(
      `The member list changed while it was read, ${MEMBERS_READS} times in a row (${what}), so nobody's membership changed; it is read again when next due.`,
    );
  let total: number | undefined;
  for (let start = 1; ;) {
    const { members: page } = await swc.webService({
      path: factionMembersPath(factionUid),
      accessToken,
      callClass: 'roster',
      query: { start_index: start, item_count: MEMBERS_PAGE_SIZE },
      schema: MembersSwcapi,
      what: `the member list of faction ${factionUid}`,
    });
    const { start: first, count } = page.attributes;
    total ??= page.attributes.total;
    if (page.attributes.total !== total) throw moved(`its total went from ${total} to ${page.attributes.total}`);
    let fresh = page.member.map((m) => ({ uid: m.attributes.uid, name: m.value ?? null }));
    if (members.length > 0) {
      // This page starts where the last one ended: another member there means the list shifted.
      if (fresh[0]?.uid !== members.at(-1)!.uid) throw moved(`the member at position ${start} changed between two pages`);
      fresh = fresh.slice(1);
    }
    for (const m of fresh) {
      if (seen.has(m.uid)) throw moved(`${m.uid} was listed twice`);
      seen.add(m.uid);
      members.push(m);
    }
    if (count === 0 || first - 1 + count >= total) break;
    if (count < 2) throw new Error(`SWCombine answered a page of ${count} member: the member list cannot be read in overlapping pages.`);
    start = first + count - 1;
  }
  if (members.length !== total) throw moved(`${members.length} members were read for a total of ${total}`);
  return members;
}
