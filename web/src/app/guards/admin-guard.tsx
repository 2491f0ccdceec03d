import { isAdmin } from '@portal/contract';
import { Navigate, Outlet } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { useMe } from '@/features/me/api/get-me.ts';

/** Inside the session guard: only admins (admin in the roles list or as the role) reach /admin routes; others go to /dashboard. */
export function AdminGuard() {
  const { data: user } = useMe();
  if (!user) return <CenteredLoader />;
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
