import { DATA_KINDS } from '@portal/contract';
import { Button, SimpleGrid } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card.tsx';
import { dataViewPath, GALAXY_MAP_PATH } from '../paths.ts';

/** Radiant Management's way to what is stored: one Data button per target, and the galaxy map. */
export function SyncedDataLinks() {
  return (
    <SectionCard
      title="Synced data"
      description="Browse what the sync stored per target, or see the galaxy and the faction inventory on a map."
    >
      <Button
        component={Link}
        to={GALAXY_MAP_PATH}
        leftSection={<IconMap2 size={16} aria-hidden />}
        variant="filled"
        w={{ base: '100%', xs: 'auto' }}
      >
        Galaxy map
      </Button>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" verticalSpacing="xs">
        {DATA_KINDS.map((target) => (
          <Button key={target} component={Link} to={dataViewPath(target)} variant="default" size="xs" aria-label={`Data: ${target}`}>
            {target}
          </Button>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
