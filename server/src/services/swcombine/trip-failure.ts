import { SwcAuthError, SwcBudgetExhausted, SwcUpstreamError } from '../../integrations/swcombine/client.ts';
import { LoginDenied, LoginFailed, type PageLink } from '../sign-in/start.ts';
import { SwcGrantBusy } from '../swc-grants/player-grant.ts';

/** What the callback page says when a trip to SWCombine (sign-in, consent, binding) does not complete. */
export interface TripTexts {
  /** Heads the failure message: "SWCombine did not complete the sign-in". */
  failed: string;
  /** The player said no at SWCombine. */
  declined: { message: string; title: string };
  /** Title and back link of the failure page when the trip was not a sign-in. */
  page?: { title: string; back: PageLink };
}

/**
 * The page for an error of a trip to SWCombine: LoginDenied when the player declined, LoginFailed
 * when SWCombine refused or failed. Anything else is a bug and is answered as it is (a 500).
 */
export function tripError(err: unknown, texts: TripTexts): unknown {
  if (err instanceof LoginDenied || err instanceof LoginFailed) return err;
  if (err instanceof SwcAuthError && err.code === 'access_denied') {
    return new LoginDenied(texts.declined.message, texts.declined.title, texts.page?.back);
  }
  if (err instanceof SwcAuthError || err instanceof SwcUpstreamError || err instanceof SwcBudgetExhausted || err instanceof SwcGrantBusy) {
    return new LoginFailed(`${texts.failed}: ${err.message}`, texts.page);
  }
  return err;
}
