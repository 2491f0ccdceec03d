import { swcFailureKind } from '../../integrations/swcombine/client.ts';
import { Refused, Unavailable } from '../../lib/errors.ts';

/** What the player is told when a trip to SWCombine (sign-in, consent, binding) does not complete. */
export interface TripTexts {
  /** Heads the failure message: "SWCombine did not complete the sign-in". */
  failed: string;
  /** The player said no at SWCombine. */
  declined: string;
}

/**
 * An error of SWCombine's during a trip as the caller is told it: refused as declined when the
 * player said no there; refused or unavailable, headed by `texts.failed`, when SWCombine refused or
 * did not answer. Anything else is returned as it is.
 */
export function tripError(err: unknown, texts: TripTexts): unknown {
  const kind = swcFailureKind(err);
  if (kind === 'declined') return new Refused('declined', texts.declined);
  if (kind === 'refused') return new Refused('invalid', `${texts.failed}: ${(err as Error).message}`);
  if (kind === 'no-answer') return new Unavailable(`${texts.failed}: ${(err as Error).message}`);
  return err;
}
