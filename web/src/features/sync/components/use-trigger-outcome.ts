import type { SyncRun, SyncTarget } from '@portal/contract';
import { useState } from 'react';
import { useFeedback } from '@/components/action-feedback.tsx';
import { isRunActive } from '../api/get-sync-history.ts';
import { triggerErrorText } from './trigger-error-text.ts';

/** A triggered target, and when its newest run was stamped before the trigger (a later stamp is the new run). */
interface Followed {
  target: SyncTarget;
  before: string | undefined;
}

const newestOf = (runs: readonly SyncRun[] | undefined, target: SyncTarget) => runs?.find((run) => run.type === target);

/**
 * The outcome of the last trigger, kept current: 'Sync triggered' while the run is queued or running,
 * replaced by how it ended once the history shows it finished.
 */
export function useTriggerOutcome(runs: readonly SyncRun[] | undefined) {
  const outcome = useFeedback();
  const [followed, setFollowed] = useState<Followed | null>(null);

  const run = followed ? newestOf(runs, followed.target) : undefined;
  if (followed && run && run.timestamp !== followed.before && !isRunActive(run)) {
    setFollowed(null);
    const said = run.message || followed.target;
    // A run whose one target could not run completes with only "<target> skipped: <why>": not a success.
    const skippedAs = `${followed.target} skipped: `;
    const message = run.message ?? '';
    if (message.startsWith(skippedAs) && !message.includes('; ')) {
      outcome.fail(`Sync skipped: ${followed.target} ${message.slice(skippedAs.length)}`, undefined);
    } else if (run.status === 'completed') outcome.succeed(`Sync completed: ${said}`);
    else outcome.fail(`Sync failed: ${said}`, undefined);
  }

  return {
    feedback: outcome.feedback,
    clear: () => {
      setFollowed(null);
      outcome.clear();
    },
    triggered: (target: SyncTarget, message: string) => {
      setFollowed({ target, before: newestOf(runs, target)?.timestamp });
      outcome.succeed(`Sync triggered: ${message || target}`);
    },
    refused: (error: unknown) => {
      setFollowed(null);
      outcome.fail(triggerErrorText(error), error);
    },
  };
}
