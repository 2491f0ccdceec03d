import type { Transaction } from '../../db/pool.ts';
import type { Deps, JobDefinition } from '../../deps.ts';
import { allLinkedUserIds, linkedAmong } from './queries/discord.ts';
import { updateDiscordMember } from './member-update.ts';

export const DISCORD_MEMBER_JOB = 'discord-member-update';

interface DiscordMemberJob {
  userId: string;
}

/** Queues each linked player's Discord update; players without a link are left out. A queue failure is logged by the job system, never the caller's. */
export async function queueMemberUpdates(deps: Pick<Deps, 'db' | 'queue'>, userIds: readonly string[]): Promise<void> {
  const linked = await linkedAmong(deps.db, [...new Set(userIds)]);
  await Promise.all(
    linked.map((userId) => deps.queue.send(DISCORD_MEMBER_JOB, { userId } satisfies DiscordMemberJob).catch(() => undefined)),
  );
}

/**
 * Queues each linked player's Discord update once `tx` commits (never on a rollback): the way a change of
 * access reaches the community's Discord. Failing to queue is never the caller's failure: its change is saved.
 */
export function queueMemberUpdatesOnCommit(deps: Pick<Deps, 'db' | 'queue'>, tx: Transaction, userIds: readonly string[]): void {
  tx.afterCommit(() => queueMemberUpdates(deps, userIds).catch(() => undefined));
}

export async function queueAllMemberUpdates(deps: Pick<Deps, 'db' | 'queue'>): Promise<void> {
  await queueMemberUpdates(deps, await allLinkedUserIds(deps.db));
}

/**
 * One linked player's Discord roles and nickname follow their groups. pg-boss hands each job to one
 * worker (once across replicas) and keeps it through a restart; Discord down or unreachable throws,
 * and the job is tried again with a growing delay.
 */
export const discordMemberUpdate: JobDefinition<DiscordMemberJob> = {
  name: DISCORD_MEMBER_JOB,
  handedOver: true,
  pollingIntervalSeconds: 1,
  retries: { retryLimit: 12, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 },
  run: (deps, job) => updateDiscordMember(deps, job.data.userId),
};
