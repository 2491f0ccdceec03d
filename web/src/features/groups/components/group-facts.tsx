import type { Group } from '@portal/contract';
import { Group as Row, Stack, Text } from '@mantine/core';
import { GroupKindBadge } from '@/components/group-kind-badge.tsx';
import { appsCount, membersCount } from './group-words.ts';

/** Under a group's page heading: its kind, how many members and apps with rules, whether every app is told of it, and its description. */
export function GroupFacts({ group }: { group: Group }) {
  const apps = group.app_count === 0 ? 'no app’s access rules name it' : `${appsCount(group.app_count)} with access rules naming it`;
  return (
    <Stack gap={4} component="span">
      <Row gap="xs" component="span" wrap="wrap">
        <GroupKindBadge group={group} />
        <Text span size="sm" c="dimmed">
          {membersCount(group.member_count)} · {apps}
          {group.shown_to_apps && ' · shown to every app'}
        </Text>
      </Row>
      {group.description && (
        <Text span size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {group.description}
        </Text>
      )}
    </Stack>
  );
}
