import { AuditEvent, type DiscordReconcilePreview } from '@portal/contract';
import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { fillNickname, nextRoles } from '../../domain/discord-roles.ts';
import { discordErrorWords, discordFailure } from '../../integrations/discord/errors.ts';
import type { DiscordMember } from '../../integrations/discord/types.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { insertAudit } from '../../queries/audit.ts';
import type { Actor } from '../audit.ts';
import { recordAnswer, recordFailure } from './failures.ts';
import { queueMemberUpdates } from './member-jobs.ts';
import { rolesCalledFor, roleNames } from './member-update.ts';
import { findRoleRules, PORTAL_STATUS_SQL, type PlayerFacts } from './queries/discord.ts';
import { liveConnection, workingBot } from './settings.ts';

type ReconcileDeps = Pick<Deps, 'db' | 'encryptor' | 'discord' | 'clock' | 'queue'>;

/** Discord's largest page of List Guild Members. */
export const MEMBER_PAGE = 1000;
const SAMPLE = 10;

interface LinkedFacts extends Pick<PlayerFacts, 'name' | 'faction' | 'group_ids' | 'portal_status'> {
  user_id: string;
  discord_id: string;
}

async function linkedFacts(db: DbClient): Promise<Map<string, LinkedFacts>> {
  const { rows } = await db.query<LinkedFacts>(
    `SELECT l.user_id, l.discord_id, COALESCE(NULLIF(u.name, ''), u.uid) AS name,
       (SELECT g.name FROM group_members m JOIN groups g ON g.id = m.group_id
         WHERE m.user_id = u.id AND m.left_at IS NULL AND g.kind = 'faction' ORDER BY g.name LIMIT 1) AS faction,
       ARRAY(SELECT m.group_id::text FROM group_members m WHERE m.user_id = l.user_id AND m.left_at IS NULL) AS group_ids,
       ${PORTAL_STATUS_SQL} AS portal_status
     FROM discord_links l JOIN users u ON u.id = l.user_id`,
  );
  return new Map(rows.map((r) => [r.discord_id, r]));
}

/** One member whose managed roles or nickname differ from what the rules call for. */
interface MemberFix {
  userId: string;
  username: string;
  roles: string[];
  added: string[];
  removed: string[];
  nick: string | null | undefined;
  /** A linked player losing their last managed role with `on_leave: kick`: removed from the server instead. */
  kick: boolean;
}

interface ReconcilePlan {
  fixes: MemberFix[];
  /** Linked players the server does not hold (re-added with their token by their update job). */
  missing: string[];
  roleName: (ids: readonly string[]) => string[];
  pages: number;
}

/**
 * Reads every member of the server (List Guild Members, 1,000 a page, in user-id order) and compares
 * each with the rules: a managed role held by someone who should not hold it (linked or not) is to go,
 * a linked player lacks what their groups call for, a linked player's nickname is off the template.
 */
async function planReconcile(deps: ReconcileDeps): Promise<ReconcilePlan> {
  const live = await liveConnection(deps);
  const bot = workingBot(deps, live);
  if (!live) throw new NotFound('No Discord server is connected.');
  if (!bot)
    throw new Conflict(`Discord work is stopped: ${live.row.stopped_reason ?? 'no bot token is stored'}. Save a working bot token first.`);
  const rules = await findRoleRules(deps.db);
  const managed = new Set(rules.map((r) => r.role_id));
  const frozen = new Set(live.row.refused_roles);
  const linked = await linkedFacts(deps.db);
  const members: DiscordMember[] = [];
  let pages = 0;
  try {
    for (let after = '0'; ;) {
      const page = await bot.listMembers(live.guildId, after, MEMBER_PAGE);
      pages++;
      members.push(...page);
      if (page.length < MEMBER_PAGE) break;
      after = page.at(-1)!.user!.id;
    }
    await recordAnswer(deps);
  } catch (err) {
    await recordFailure(deps, err);
    throw discordFailure(err, 'The server’s members could not be read');
  }
  const seen = new Set<string>();
  const fixes: MemberFix[] = [];
  for (const member of members) {
    const user = member.user;
    if (!user || user.bot) continue;
    seen.add(user.id);
    const player = linked.get(user.id);
    const desired = player ? rolesCalledFor(rules, player).desired : new Set<string>();
    const next = nextRoles(member.roles, managed, desired, frozen);
    const nick = player && live.row.nickname !== null ? fillNickname(live.row.nickname, player) : undefined;
    const nickChange = nick !== undefined && nick !== (member.nick ?? null) ? nick : undefined;
    // The same rule as a player's update: only a linked player is removed, and only as they lose a managed role.
    // A member the portal does not know, or one who never held a managed role, is not the portal's to remove.
    const kick = player !== undefined && live.row.on_leave === 'kick' && desired.size === 0 && next.removed.length > 0;
    if (next.added.length || next.removed.length || nickChange !== undefined) {
      fixes.push({
        userId: user.id,
        username: user.username,
        roles: next.roles,
        added: next.added,
        removed: next.removed,
        nick: kick ? undefined : nickChange,
        kick,
      });
    }
  }
  const missing = [...linked.values()].filter((p) => !seen.has(p.discord_id) && rolesCalledFor(rules, p).desired.size > 0);
  return {
    fixes,
    missing: missing.map((p) => p.user_id),
    roleName: (ids) => roleNames(rules, ids),
    pages,
  };
}

function previewOf(plan: ReconcilePlan): DiscordReconcilePreview {
  const add = plan.fixes.filter((f) => f.added.length).map((f) => `${f.username}: ${plan.roleName(f.added).join(', ')}`);
  const remove = plan.fixes
    .filter((f) => f.removed.length)
    .map((f) => {
      const roles = plan.roleName(f.removed).join(', ');
      return f.kick ? `${f.username}: remove from the server (${roles})` : `${f.username}: ${roles}`;
    });
  return { add: { count: add.length, sample: add.slice(0, SAMPLE) }, remove: { count: remove.length, sample: remove.slice(0, SAMPLE) } };
}

/** What a reconcile would change; changes nothing. */
export async function previewReconcile(deps: ReconcileDeps): Promise<DiscordReconcilePreview> {
  return previewOf(await planReconcile(deps));
}

async function noteRun(db: DbClient, at: Date, summary: string) {
  await db.query('UPDATE discord_connection SET last_reconcile_at = $1, last_reconcile_summary = $2 WHERE id = 1', [at, summary]);
}

/**
 * Puts every managed role where the rules say (or, with `reconcile: "report"`, only reports the
 * differences): one Modify Guild Member per member that differs, sending every other role back as it
 * was. One audit event with the counts.
 */
export async function runReconcile(deps: ReconcileDeps, actor?: Actor): Promise<DiscordReconcilePreview> {
  const plan = await planReconcile(deps);
  const live = (await liveConnection(deps))!;
  const bot = workingBot(deps, live)!;
  const preview = previewOf(plan);
  const report = live.row.reconcile === 'report';
  let fixed = 0;
  let kicked = 0;
  const failed: string[] = [];
  if (!report) {
    for (const fix of plan.fixes) {
      try {
        if (fix.kick) {
          await bot.kick(live.guildId, fix.userId, 'SWC portal: reconcile: holds no managed role any more');
          kicked++;
          continue;
        }
        const body: { roles?: string[]; nick?: string | null } = {};
        if (fix.added.length || fix.removed.length) body.roles = fix.roles;
        if (fix.nick !== undefined) body.nick = fix.nick;
        await bot.modifyMember(live.guildId, fix.userId, body, 'SWC portal: reconcile');
        fixed++;
      } catch (err) {
        const outcome = await recordFailure(deps, err, fix.kick ? [] : [...fix.added, ...fix.removed]);
        failed.push(`${fix.username} (${discordErrorWords(err)})`);
        if (outcome === 'stopped' || outcome === 'retry') break;
      }
    }
    if (fixed || kicked) await recordAnswer(deps);
    await queueMemberUpdates(deps, plan.missing);
  }
  const at = deps.clock.now();
  const summary = report
    ? `found ${preview.add.count} to give and ${preview.remove.count} to take (report only: nothing changed)`
    : `gave roles to ${preview.add.count}, took roles from ${preview.remove.count}, ${fixed} members changed` +
      (kicked ? `, ${kicked} removed from the server` : '') +
      (failed.length ? `; ${failed.length} failed: ${failed.slice(0, 3).join('; ')}` : '');
  await noteRun(deps.db, at, summary);
  await insertAudit(deps.db, {
    event: AuditEvent.DiscordReconciled,
    actorId: actor?.userId ?? null,
    ip: actor?.meta.ip ?? null,
    userAgent: actor?.meta.userAgent ?? null,
    at,
    details: {
      value: summary,
      add: preview.add.count,
      remove: preview.remove.count,
      changed: fixed,
      kicked,
      failed: failed.length,
      pages: plan.pages,
    },
  });
  return preview;
}

/** The scheduled reconcile: every DISCORD_RECONCILE_MIN minutes, when a server is connected and work is not stopped. */
export async function reconcileWhenDue(deps: ReconcileDeps & Pick<Deps, 'config'>): Promise<string> {
  const live = await liveConnection(deps);
  if (!workingBot(deps, live) || !live) return 'not connected';
  // The first run comes a whole interval after the connection was saved, as every later one after the last.
  const last = live.row.last_reconcile_at ?? live.row.updated_at;
  if (deps.clock.now().getTime() - last.getTime() < deps.config.discord.reconcileMinutes * 60_000) return 'not due';
  await runReconcile(deps);
  return 'reconciled';
}
