import { Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { LinkCard } from '@/components/link-card.tsx';
import { adminSections } from './admin-sections.ts';

export function AdminTiles() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg">
      {adminSections.map(({ label, to, description, page, icon: TileIcon }) => (
        <LinkCard key={to} to={to}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
              <TileIcon size={24} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="lg" lh={1.3}>
                  {label}
                </Text>
                <IconChevronRight size={18} aria-hidden style={{ opacity: 0.5, flexShrink: 0 }} />
              </Group>
              <Text size="sm" c="dimmed">
                {page && (
                  <Text span inherit fw={600} c="bright">
                    {page}:{' '}
                  </Text>
                )}
                {description}
              </Text>
            </Stack>
          </Group>
        </LinkCard>
      ))}
    </SimpleGrid>
  );
}
