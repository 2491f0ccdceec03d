import { AuditEvent, type ActivityRow } from '@portal/contract';
import { Text } from '@mantine/core';
import { OneLineMessage } from '@/components/one-line-message.tsx';
import { activitySentence } from './activity-sentence.ts';

/** A row's sentence; a failed sync's, whose reason runs to several lines, is one line with the rest on demand. */
export function EventSentence({ row }: { row: ActivityRow }) {
  const sentence = activitySentence(row);
  if (row.event === AuditEvent.SyncFailed) return <OneLineMessage text={sentence} about="why the sync failed" />;
  return <Text size="sm">{sentence}</Text>;
}
