import { ErrorState } from '@/components/error-state.tsx';

/** Shown when /config.json cannot be read: nothing else can work without it. */
export function StartupError() {
  return (
    <ErrorState
      fullScreen
      title="The platform could not start"
      description="Its configuration could not be loaded. Check your connection and try again."
      onRetry={() => window.location.reload()}
      retryLabel="Reload"
    />
  );
}
