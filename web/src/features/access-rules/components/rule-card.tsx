import { MAX_GRACE_HOURS, type Group } from '@portal/contract';
import { Button, Card, Group as Row, NumberInput, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { GroupKindBadge } from '@/components/group-kind-badge.tsx';
import type { RulesValues } from './rules-form-values.ts';

/** What a rule's card needs of its group. */
export type RuleGroup = Pick<Group, 'id' | 'name' | 'kind' | 'faction_uid' | 'member_count'>;

interface RuleCardProps {
  form: UseFormReturnType<RulesValues>;
  index: number;
  group: RuleGroup;
  onRemove: () => void;
}

const members = (n: number) => (n === 1 ? '1 member' : `${new Intl.NumberFormat().format(n)} members`);

/** The labels of a rule's fields, by group, for the summary of a refused submit. */
export const ruleFieldLabels = (group: string) => ({
  roles: `Roles for ${group}`,
  scopes: `Scopes for ${group}`,
  grace_hours: `Grace period for ${group}`,
});

/**
 * One rule: 'members of this group or faction may open the app', the roles and scopes it gives them, and for
 * a faction how long a player who left keeps it.
 */
export function RuleCard({ form, index, group, onRemove }: RuleCardProps) {
  const path = `rules.${index}`;
  return (
    <Card withBorder shadow="none" padding="md" component="li" aria-label={`Rule for ${group.name}`}>
      <Stack gap="sm">
        <Row justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: '1 1 200px' }}>
            <Row gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {group.name}
              </Text>
              <GroupKindBadge group={group} />
            </Row>
            <Text size="sm" c="dimmed">
              Its {members(group.member_count)} may open the app.
            </Text>
          </Stack>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
            aria-label={`Remove the rule for ${group.name}`}
          >
            Remove
          </Button>
        </Row>
        <SimpleGrid cols={{ base: 1, sm: group.kind === 'faction' ? 3 : 2 }} spacing="sm">
          <TagsInput
            label="Roles it gives"
            description="The app's roles for its members (the roles claim). Enter or comma adds one."
            // Beside chips a placeholder reads like a typed value.
            placeholder={form.values.rules[index]?.roles.length ? undefined : 'officer'}
            splitChars={[',', ' ']}
            clearable
            {...form.getInputProps(`${path}.roles`)}
          />
          <TagsInput
            label="Scopes it gives"
            description="What the app may do for them (the scope claim). Enter or comma adds one."
            placeholder={form.values.rules[index]?.scopes.length ? undefined : 'read:fleet'}
            splitChars={[',', ' ']}
            clearable
            {...form.getInputProps(`${path}.scopes`)}
          />
          {group.kind === 'faction' && (
            <NumberInput
              label="Grace period (hours)"
              description="How long a player who left the faction keeps this access. 0 ends it at once."
              min={0}
              max={MAX_GRACE_HOURS}
              allowDecimal={false}
              allowNegative={false}
              // Said at the field rather than silently cut to the limit.
              clampBehavior="none"
              {...form.getInputProps(`${path}.grace_hours`)}
            />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
