import { SYNC_TARGETS, type SyncTarget, type SyncTargetStats } from '@portal/contract';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { SectionCard } from '@/components/section-card.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';

const count = new Intl.NumberFormat();

interface TriggerGridProps {
  stats: readonly SyncTargetStats[] | undefined;
  /** The target whose trigger is being sent; every button waits meanwhile. */
  pending: SyncTarget | null;
  onTrigger: (target: SyncTarget) => void;
}

/** What is stored for a target (for `all`, every target), under its button; nothing until the stats have loaded. */
function StoredLine({ target, stats }: { target: SyncTarget; stats: readonly SyncTargetStats[] | undefined }) {
  const stored = stats?.find((s) => s.target === target);
  if (!stored) return null;
  return (
    <Text size="xs" c="dimmed">
      {count.format(stored.rows)} {stored.rows === 1 ? 'row' : 'rows'}
      <br />
      {stored.lastCompleteAt ? `Last complete ${formatDateTime(stored.lastCompleteAt)}` : 'Never completed'}
    </Text>
  );
}

/** One button per sync target, in the contract's order, each with what is stored for it. */
export function TriggerGrid({ stats, pending, onTrigger }: TriggerGridProps) {
  return (
    <SectionCard
      title="Trigger Sync"
      description="Queue a read of SWCombine data into the portal. Runs spend the shared SWCombine request budget and pause while it is low."
      padding="lg"
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="sm">
        {SYNC_TARGETS.map((target) => (
          <Stack key={target} gap={6}>
            <Button
              variant={target === 'all' ? 'filled' : 'light'}
              fullWidth
              loading={pending === target}
              disabled={pending !== null && pending !== target}
              onClick={() => onTrigger(target)}
            >
              {target}
            </Button>
            <StoredLine target={target} stats={stats} />
          </Stack>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
