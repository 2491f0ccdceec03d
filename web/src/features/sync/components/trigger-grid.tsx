import { SYNC_TARGETS, type SyncTarget } from '@portal/contract';
import { Button, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '@/components/section-card.tsx';

interface TriggerGridProps {
  /** The target whose trigger is being sent; every button waits meanwhile. */
  pending: SyncTarget | null;
  onTrigger: (target: SyncTarget) => void;
  /** The outcome of the last trigger sent from here, under the buttons. */
  children?: ReactNode;
}

/** One button per sync target, in the contract's order (`all` first); what is stored is in the targets table. */
export function TriggerGrid({ pending, onTrigger, children }: TriggerGridProps) {
  return (
    <SectionCard
      title="Trigger Sync"
      description="Queue a read of SWCombine data into the portal. Runs spend the shared SWCombine request budget and pause while it is low."
      padding="lg"
    >
      <SimpleGrid cols={{ base: 3, xs: 4, sm: 5, md: 7 }} spacing="xs" verticalSpacing="xs">
        {SYNC_TARGETS.map((target) => (
          <Button
            key={target}
            variant={target === 'all' ? 'filled' : 'light'}
            fullWidth
            px={4}
            loading={pending === target}
            disabled={pending !== null && pending !== target}
            onClick={() => onTrigger(target)}
          >
            {target}
          </Button>
        ))}
      </SimpleGrid>
      {children}
    </SectionCard>
  );
}
