import type { AccessStatus } from '@portal/contract';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import type { Column } from '@/components/query-list.tsx';
import { AccessActions } from './access-actions.tsx';
import { AccessQuestionDialog, type AccessQuestion, type AccessTarget } from './access-question.tsx';

/**
 * A list of access (a user's apps, an app's players): the Grant, Suspend and Revoke column, the notice of
 * what the last change did, and the one Suspend or Revoke question, held by the list so it outlasts its row.
 */
export function useAccessRows<T extends { status: AccessStatus['status'] }>(targetOf: (row: T) => AccessTarget) {
  const outcome = useFeedback();
  const [question, setQuestion] = useState<AccessQuestion | null>(null);
  const actions = (row: T, variant: 'row' | 'card') => (
    <AccessActions
      target={targetOf(row)}
      status={row.status}
      variant={variant}
      onOutcome={outcome.show}
      onAsk={(asked) => {
        outcome.clear();
        setQuestion(asked);
      }}
    />
  );
  const column: Column<T> = {
    label: 'Actions',
    hideLabel: true,
    align: 'right',
    card: 'actions',
    cell: (row) => actions(row, 'row'),
    cardCell: (row) => actions(row, 'card'),
  };
  return {
    outcome,
    column,
    notice: <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />,
    question: <AccessQuestionDialog question={question} onClose={() => setQuestion(null)} onDone={outcome.succeed} />,
  };
}
