import type { AccessStatus } from '@portal/contract';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import type { Column } from '@/components/query-list.tsx';
import { AccessActions, RevokeAccessDialog, type AccessTarget } from './access-actions.tsx';

/**
 * A list of access (a user's apps, an app's players): the Grant, Suspend and Revoke column, the notice of
 * what the last change did, and the one Revoke question, held by the list so it outlasts its row.
 */
export function useAccessRows<T extends { status: AccessStatus['status'] }>(targetOf: (row: T) => AccessTarget) {
  const outcome = useFeedback();
  const [revoking, setRevoking] = useState<AccessTarget | null>(null);
  const actions = (row: T, variant: 'row' | 'card') => (
    <AccessActions
      target={targetOf(row)}
      status={row.status}
      variant={variant}
      onOutcome={(feedback) =>
        feedback.kind === 'success' ? outcome.succeed(feedback.text) : outcome.fail(feedback.title, feedback.error)
      }
      onRevoke={() => {
        outcome.clear();
        setRevoking(targetOf(row));
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
    question: <RevokeAccessDialog target={revoking} onClose={() => setRevoking(null)} onRevoked={outcome.succeed} />,
  };
}
