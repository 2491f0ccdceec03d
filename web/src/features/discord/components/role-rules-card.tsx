import type { DiscordRole, DiscordRoleRule, DiscordRulePreview, Group as PortalGroup } from '@portal/contract';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { useDiscordRoles, useGroupChoices, usePreviewRoleRules, useRoleRules, useSaveRoleRules } from '../api/role-rules.ts';
import { ChangePreview } from './change-preview.tsx';

type Draft = { group_id: string | null; role_id: string | null }[];

function PreviewList({ preview }: { preview: DiscordRulePreview }) {
  return (
    <ChangePreview
      title="If you save these rules"
      noun={['linked player', 'linked players']}
      parts={[
        { title: 'Would gain roles', counted: preview.added },
        { title: 'Would lose roles', counted: preview.removed },
      ]}
    />
  );
}

function RuleEditor({ rules, groups, roles }: { rules: DiscordRoleRule[]; groups: PortalGroup[]; roles: DiscordRole[] }) {
  const [draft, setDraft] = useState<Draft>(rules);
  const preview = usePreviewRoleRules();
  const save = useSaveRoleRules();
  const outcome = useFeedback();
  const complete = draft.filter((r): r is DiscordRoleRule => r.group_id !== null && r.role_id !== null);
  const groupData = groups.map((g) => ({ value: g.id, label: g.kind === 'faction' ? `${g.name} (faction)` : g.name }));
  const roleData = roles.filter((r) => r.assignable).map((r) => ({ value: r.id, label: r.name }));
  const change = (i: number, part: Partial<Draft[number]>) => {
    preview.reset();
    setDraft(draft.map((rule, j) => (j === i ? { ...rule, ...part } : rule)));
  };
  return (
    <Stack gap="sm">
      {draft.length === 0 && (
        <Text size="sm" c="dimmed">
          No rules: the portal manages no role. Add one to give a role to a group’s or a faction’s members.
        </Text>
      )}
      {draft.map((rule, i) => (
        <Group key={i} align="flex-end" gap="sm" wrap="wrap" aria-label={`Rule ${i + 1}`} role="group">
          <Select
            label="Members of"
            placeholder="Pick a group or faction"
            data={groupData}
            searchable
            value={rule.group_id}
            onChange={(group_id) => change(i, { group_id })}
            style={{ flex: '1 1 14rem' }}
          />
          <Select
            label="hold the Discord role"
            placeholder="Pick a role"
            data={roleData}
            searchable
            value={rule.role_id}
            onChange={(role_id) => change(i, { role_id })}
            style={{ flex: '1 1 14rem' }}
          />
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={`Remove rule ${i + 1}`}
            onClick={() => {
              preview.reset();
              setDraft(draft.filter((_, j) => j !== i));
            }}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDraft([...draft, { group_id: null, role_id: null }])}
        >
          Add rule
        </Button>
        <Button
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
          loading={preview.isPending}
          onClick={() => preview.mutate({ rules: complete })}
        >
          Preview
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { rules: complete },
              {
                onSuccess: () => {
                  preview.reset();
                  outcome.succeed('Role rules saved: linked players’ roles follow within a minute.');
                },
                onError: (error) => outcome.fail('Save failed', error),
              },
            )
          }
        >
          Save rules
        </Button>
      </Group>
      {preview.isError && <ErrorAlert title="Preview failed" error={preview.error} onClose={() => preview.reset()} focusOnShow />}
      {preview.data && <PreviewList preview={preview.data} />}
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
    </Stack>
  );
}

/** "Members of G hold Discord role R": the portal manages exactly the roles named here, and previews a change before it is saved. */
export function RoleRulesCard({ connected }: { connected: boolean }) {
  const rules = useRoleRules();
  const groups = useGroupChoices();
  const roles = useDiscordRoles(connected);
  const body = !connected ? (
    <Text size="sm" c="dimmed">
      Connect the Discord server first: the rules pick from its roles.
    </Text>
  ) : rules.isPending || groups.isPending || roles.isPending ? (
    <CenteredLoader label="Loading the role rules..." />
  ) : rules.isError || groups.isError || roles.isError ? (
    <ErrorAlert
      title="Failed to load the role rules."
      error={rules.error ?? groups.error ?? roles.error}
      onRetry={() => void Promise.all([rules.refetch(), groups.refetch(), roles.refetch()])}
    />
  ) : (
    // Not keyed on the rules: a save reads them again, and the editor (its draft and its message) stays.
    <RuleEditor rules={rules.data.rules} groups={groups.data} roles={roles.data} />
  );
  return (
    <SectionCard
      title="Role rules"
      description="Members of a group or faction hold a Discord role. The portal gives and takes only the roles named here; every other role stays as it is."
    >
      {body}
    </SectionCard>
  );
}
