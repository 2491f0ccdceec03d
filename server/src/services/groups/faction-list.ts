import { AuditEvent, type FactionList, type Group } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { readFactionList } from '../../integrations/swcombine/faction-list.ts';
import { NotFound } from '../../lib/errors.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { listGroups } from './admin-groups.ts';
import { factionGroupId, factionListReadAt, findListedFaction, listedFactions, replaceFactionList } from './queries/faction-list.ts';
import { upsertFactionGroup } from './queries/groups.ts';

/** SWCombine's faction list changes rarely: it is read once a day. */
export const FACTION_LIST_EVERY_MS = 24 * 3_600_000;

/** Reads SWCombine's faction list when the last read is a day old (or there was none); answers how many it lists. */
export async function readFactionListWhenDue(deps: Pick<Deps, 'db' | 'clock' | 'swc'>): Promise<{ read: number } | { due_at: string }> {
  const last = await factionListReadAt(deps.db);
  const now = deps.clock.now();
  if (last && now.getTime() - last.getTime() < FACTION_LIST_EVERY_MS) {
    return { due_at: new Date(last.getTime() + FACTION_LIST_EVERY_MS).toISOString() };
  }
  const factions = await readFactionList(deps.swc);
  await inTransaction(deps.db, (tx) => replaceFactionList(tx, factions, now));
  return { read: factions.length };
}

/** Every faction SWCombine lists, with its group where the portal has one, and when the list was read. */
export async function factionList(deps: Pick<Deps, 'db'>): Promise<FactionList> {
  const [readAt, factions] = await Promise.all([factionListReadAt(deps.db), listedFactions(deps.db)]);
  return { read_at: readAt?.toISOString() ?? null, factions };
}

/** The group of a faction SWCombine lists, made when an admin first names it in a rule (audited then). */
export async function groupForFaction(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, factionUid: string): Promise<Group> {
  const id = await inTransaction(deps.db, async (tx) => {
    const existing = await factionGroupId(tx, factionUid);
    if (existing) return existing;
    const faction = await findListedFaction(tx, factionUid);
    if (!faction) throw new NotFound(`SWCombine lists no faction ${factionUid}.`);
    const group = await upsertFactionGroup(tx, faction.faction_uid, faction.name, deps.clock.now());
    await auditAdmin(deps, tx, actor, AuditEvent.GroupCreated, {
      details: { group: group.name, group_id: group.id, faction_uid: faction.faction_uid },
    });
    return group.id;
  });
  return (await listGroups(deps)).find((g) => g.id === id)!;
}
