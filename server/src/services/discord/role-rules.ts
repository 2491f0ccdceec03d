import { AuditEvent, type DiscordRoleRules, type DiscordRulePreview } from '@portal/contract';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Refused } from '../../lib/errors.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { listDiscordRoles } from './connection.ts';
import { queueAllMemberUpdates } from './member-jobs.ts';
import { rolesCalledFor, roleNames } from './member-update.ts';
import { existingGroupIds, findRoleRules, replaceRoleRules, type RoleRuleRow } from './queries/discord.ts';

type RuleDeps = Pick<Deps, 'db' | 'encryptor' | 'discord' | 'clock' | 'queue'>;

const SAMPLE = 10;

export async function getRoleRules(deps: Pick<Deps, 'db'>): Promise<DiscordRoleRules> {
  const rows = await findRoleRules(deps.db);
  return { rules: rows.map(({ group_id, role_id }) => ({ group_id, role_id })) };
}

/** The rules checked against the server's roles and the portal's groups, with each role's name. */
async function checkedRules(deps: RuleDeps, input: DiscordRoleRules): Promise<RoleRuleRow[]> {
  const roles = await listDiscordRoles(deps);
  const groups = await existingGroupIds(
    deps.db,
    input.rules.map((r) => r.group_id),
  );
  const rows: RoleRuleRow[] = [];
  for (const rule of input.rules) {
    if (!groups.has(rule.group_id)) throw new Refused('invalid', `No group has the id ${rule.group_id}.`);
    const role = roles.find((r) => r.id === rule.role_id);
    if (!role) throw new Refused('invalid', `The server has no role with the id ${rule.role_id}.`);
    if (!role.assignable) {
      throw new Refused('invalid', `The bot cannot give the role ${role.name}: it is managed, or stands above the bot’s highest role.`);
    }
    rows.push({ ...rule, role_name: role.name });
  }
  return rows;
}

interface PlayerRoles {
  user_id: string;
  name: string;
  group_ids: string[];
}

async function linkedPlayers(db: DbClient): Promise<PlayerRoles[]> {
  const { rows } = await db.query<PlayerRoles>(
    `SELECT l.user_id, COALESCE(NULLIF(u.name, ''), u.uid) AS name,
       ARRAY(SELECT m.group_id::text FROM group_members m WHERE m.user_id = l.user_id AND m.left_at IS NULL) AS group_ids
     FROM discord_links l JOIN users u ON u.id = l.user_id ORDER BY lower(u.name)`,
  );
  return rows;
}

/** Which linked players would gain and lose roles under `next` instead of the rules saved ("Mira Solan: Industry"). */
export async function previewRoleRules(deps: RuleDeps, input: DiscordRoleRules): Promise<DiscordRulePreview> {
  const next = await checkedRules(deps, input);
  const now = await findRoleRules(deps.db);
  const added: string[] = [];
  const removed: string[] = [];
  for (const player of await linkedPlayers(deps.db)) {
    const before = rolesCalledFor(now, player.group_ids).desired;
    const after = rolesCalledFor(next, player.group_ids).desired;
    const gain = [...after].filter((id) => !before.has(id));
    const loss = [...before].filter((id) => !after.has(id));
    if (gain.length) added.push(`${player.name}: ${roleNames(next, gain).join(', ')}`);
    if (loss.length) removed.push(`${player.name}: ${roleNames(now, loss).join(', ')}`);
  }
  return {
    added: { count: added.length, sample: added.slice(0, SAMPLE) },
    removed: { count: removed.length, sample: removed.slice(0, SAMPLE) },
  };
}

/** Saves the rules; every linked player's roles follow within the minute (one job each). */
export async function setRoleRules(deps: RuleDeps, actor: Actor, input: DiscordRoleRules): Promise<DiscordRoleRules> {
  const rows = await checkedRules(deps, input);
  await inTransaction(deps.db, async (tx) => {
    await replaceRoleRules(tx, rows);
    const names = await tx.query<{ id: string; name: string }>('SELECT id, name FROM groups WHERE id = ANY($1::uuid[])', [
      rows.map((r) => r.group_id),
    ]);
    const words = rows.map((r) => `${names.rows.find((g) => g.id === r.group_id)?.name ?? r.group_id} → ${r.role_name}`);
    await auditAdmin(deps, tx, actor, AuditEvent.DiscordRoleRulesSet, { details: { value: words.join(', ') || 'no rules' } });
  });
  await queueAllMemberUpdates(deps);
  return getRoleRules(deps);
}
