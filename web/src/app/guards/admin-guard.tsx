import { isAdmin } from '@portal/contract';
import { Outlet } from 'react-router';
import { AccessRefusal } from '@/components/access-refusal.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { useMe } from '@/features/me/api/get-me.ts';
import { AdminStepUp } from '@/features/passkeys/components/admin-step-up.tsx';

/**
 * Inside the session guard: only admins (admin in the roles list or as the role) see the /admin screens
 * behind it; anyone else is told so where they are, with a way back to the dashboard, as on every admin
 * screen but Service JWTs (which leaves the refusal to the server).
 */
export function AdminGuard() {
  const { data: user } = useMe();
  if (!user) return <CenteredLoader />;
  if (!isAdmin(user))
    return <AccessRefusal reason="not-admin" description="Ask an administrator of the portal if you need the admin console." />;
  return (
    <AdminStepUp>
      <Outlet />
    </AdminStepUp>
  );
}
