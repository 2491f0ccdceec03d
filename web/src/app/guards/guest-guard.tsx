import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * Around /login: the page shows at once while /api/me is asked in the background; a user who is
 * already signed in goes on to /dashboard instead of seeing a sign-in page that looks signed out.
 * A session check that already failed (the session guard's redirect here) is not asked again, so
 * the two guards never send the browser back and forth.
 */
export function GuestGuard() {
  const { status } = useQuery({
    queryKey: queryKeys.me,
    // Imported on use: the response schemas stay out of the code /login needs for its first paint.
    queryFn: ({ signal }) => import('@/features/me/api/get-me.ts').then(({ getMe }) => getMe(signal)),
    retry: false,
    // Only a visit with no answer yet asks: after a failed check, or a stale success, the last answer stands.
    retryOnMount: false,
    refetchOnMount: false,
    staleTime: 60_000,
  });
  if (status === 'success') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
