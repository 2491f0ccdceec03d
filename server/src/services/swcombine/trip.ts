import type { AppRow } from '../../queries/apps.ts';
import type { LoginAttempt } from '../../queries/login-attempts.ts';
import type { RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';

/**
 * A trip back from SWCombine's authorize page, ready to complete: its state is checked against the
 * browser and its one-time attempt consumed. Sign-in, a player's consents and an admin's binding
 * each complete it their own way.
 */
export interface CallbackInput {
  /** The callback URL SWCombine sent the browser to (code or error). */
  url: URL;
  state: string;
  attempt: LoginAttempt;
  app: AppRow;
  /** The browser's session, if it has one. */
  current: AuthContext | null;
  meta: RequestMeta;
  now: Date;
}

/** Where the browser goes next, and a new session when the trip signed someone in. */
export interface CallbackOutcome {
  rd: string;
  session?: { token: string; expiresAt: Date };
}
