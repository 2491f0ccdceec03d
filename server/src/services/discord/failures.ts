import type { Deps } from '../../deps.ts';
import { discordErrorWords, isBadToken, isDiscordError, isRefusal } from '../../integrations/discord/errors.ts';
import { noteAnswer, noteError, noteRefusedRoles, stopWork } from './queries/discord.ts';

/** What a failed Discord call means for the work: stop it all, stop these roles, give up on this one, or try again. */
type FailureOutcome = 'stopped' | 'roles-refused' | 'refused' | 'retry';

/**
 * Records a failed call where the screen shows it. A refused bot token stops all Discord work; a 403
 * 50013 stops changes to the roles concerned; neither is ever retried (each retry counts towards
 * Discord's ban of the address). Discord down or unreachable: the caller retries later.
 */
export async function recordFailure(deps: Pick<Deps, 'db'>, err: unknown, roleIds: readonly string[] = []): Promise<FailureOutcome> {
  const words = discordErrorWords(err);
  if (isBadToken(err)) {
    await stopWork(deps.db, words);
    return 'stopped';
  }
  if (isDiscordError(err, 50013) && roleIds.length > 0) {
    await noteRefusedRoles(deps.db, roleIds);
    await noteError(deps.db, words);
    return 'roles-refused';
  }
  await noteError(deps.db, words);
  return isRefusal(err) ? 'refused' : 'retry';
}

export const recordAnswer = (deps: Pick<Deps, 'db' | 'clock'>) => noteAnswer(deps.db, deps.clock.now());
