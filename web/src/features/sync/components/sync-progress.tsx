import type { SyncProgress as Progress } from '@portal/contract';
import { Progress as Bar, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date-time.ts';

const count = new Intl.NumberFormat();

/** "planets 1,200 of 5,962" — the part of the run being read now and how far it got. */
function describe({ target, step, steps, done, total }: Progress): string {
  const parts: string[] = [];
  if (step !== undefined && steps !== undefined) parts.push(`Part ${step} of ${steps}`);
  if (target) parts.push(target);
  if (done !== undefined) parts.push(total ? `${count.format(done)} of ${count.format(total)}` : `${count.format(done)} read`);
  return parts.join(' · ');
}

/** How far a running sync is, and when it goes on while it waits for the SWCombine request budget. */
export function SyncProgress({ progress }: { progress: Progress }) {
  const text = describe(progress);
  const percent = progress.done !== undefined && progress.total ? Math.min(100, (progress.done / progress.total) * 100) : null;
  if (!text && !progress.waitingUntil) return null;
  return (
    <Stack gap={4} miw={160}>
      {text && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
      {percent !== null && (
        <Bar value={percent} size="sm" color="yellow" aria-label={`${Math.round(percent)}% of ${progress.target ?? 'the target'} read`} />
      )}
      {progress.waitingUntil && (
        <Text size="sm" c="dimmed">
          Waiting for the SWCombine request budget until {formatDateTime(progress.waitingUntil)}
        </Text>
      )}
    </Stack>
  );
}
