import { Navigate, Outlet } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { isSessionFailure } from '@/lib/api-error.ts';
import { useMe } from '@/features/me/api/get-me.ts';

/**
 * Inside the layout's content area: 'Loading...' while /api/me runs (the screen's code and first
 * requests run meanwhile); a 401 or no response redirects to /login once (replace, and /login is not behind
 * this guard, so there is no loop). Any other failure is shown with a retry.
 */
export function SessionGuard() {
  const { data, error, isError, isFetching, refetch } = useMe();
  const settledError = isError && !isFetching;
  if (settledError && isSessionFailure(error)) return <Navigate to="/login" replace />;
  if (data) return <Outlet />;
  if (settledError) {
    return (
      <ErrorState
        title="We could not check your session"
        description="The sign-in service answered with an error. Please try again in a moment."
        onRetry={() => void refetch()}
      />
    );
  }
  return <CenteredLoader label="Loading..." />;
}
