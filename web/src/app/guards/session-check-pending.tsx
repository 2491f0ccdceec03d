import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import type { SessionCheck } from './use-session-check.ts';

/** Before /api/me has said who the visitor is: 'Loading...', or the failure with a retry. */
export function SessionCheckPending({ check }: { check: Extract<SessionCheck, { status: 'checking' | 'failed' }> }) {
  if (check.status === 'failed') {
    return (
      <ErrorState
        title="We could not check your session"
        description="The sign-in service answered with an error. Please try again in a moment."
        onRetry={check.retry}
      />
    );
  }
  return <CenteredLoader label="Loading..." />;
}
