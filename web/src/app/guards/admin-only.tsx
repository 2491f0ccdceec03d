import { isAdmin } from '@portal/contract';
import type { ReactNode } from 'react';
import { AccessRefusal } from '@/components/access-refusal.tsx';
import { SessionCheckPending } from './session-check-pending.tsx';
import type { SessionCheck } from './use-session-check.ts';

/** Signed in with the admin role. */
export function isAdminSession(check: SessionCheck): boolean {
  return check.status === 'signed-in' && isAdmin(check.user);
}

interface AdminOnlyProps {
  check: SessionCheck;
  /** Under 'You are not logged in.' and 'You do not have the admin role.' */
  signedOutHint?: string;
  notAdminHint?: string;
  /** The screen itself, rendered (and its requests made) for admins only. */
  children: ReactNode;
}

/**
 * The body of an admin screen that lives outside the session and admin guards: it says who may not use
 * it instead of redirecting, and waits for /api/me like the session guard.
 */
export function AdminOnly({ check, signedOutHint, notAdminHint, children }: AdminOnlyProps) {
  if (check.status === 'signed-out') return <AccessRefusal reason="signed-out" description={signedOutHint} />;
  if (check.status === 'signed-in') return isAdmin(check.user) ? children : <AccessRefusal reason="not-admin" description={notAdminHint} />;
  return <SessionCheckPending check={check} />;
}
