import { useState } from 'react';
import { useFocusOnShow } from '@/lib/focus-on-show.ts';
import { ErrorAlert } from './error-alert.tsx';
import { SuccessNotice } from './success-notice.tsx';

/** What a form's last action did: a success in words, or a failure with the screen's title for it. */
export type Feedback = { kind: 'success'; text: string } | { kind: 'error'; title: string; error: unknown };

/** One current message per form: each outcome replaces the one before, and starting again clears it. */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return {
    feedback,
    show: setFeedback,
    succeed: (text: string) => setFeedback({ kind: 'success', text }),
    fail: (title: string, error: unknown) => setFeedback({ kind: 'error', title, error }),
    clear: () => setFeedback(null),
  };
}

interface ActionFeedbackProps {
  feedback: Feedback | null;
  onClose: () => void;
}

/**
 * The outcome of the last action, green or red, focused and scrolled into view when it appears (below the sticky
 * header), so it is seen and read even when the button pressed was far down a phone's page.
 */
export function ActionFeedback({ feedback, onClose }: ActionFeedbackProps) {
  const ref = useFocusOnShow<HTMLDivElement>(feedback);
  if (!feedback) return null;
  return feedback.kind === 'success' ? (
    <SuccessNotice ref={ref} onClose={onClose}>
      {feedback.text}
    </SuccessNotice>
  ) : (
    <ErrorAlert ref={ref} title={feedback.title} error={feedback.error} onClose={onClose} />
  );
}
