import { Navigate, Outlet } from 'react-router';
import { SessionCheckPending } from './session-check-pending.tsx';
import { useSessionCheck } from './use-session-check.ts';

/**
 * Inside the layout's content area: 'Loading...' while /api/me runs (the screen's code and first
 * requests run meanwhile); a 401 or no response redirects to /login once (replace, and /login is not behind
 * this guard, so there is no loop). Any other failure is shown with a retry.
 */
export function SessionGuard() {
  const check = useSessionCheck();
  if (check.status === 'signed-out') return <Navigate to="/login" replace />;
  if (check.status === 'signed-in') return <Outlet />;
  return <SessionCheckPending check={check} />;
}
