import type { AccessRule, AccessRulesPreview, Group } from '@portal/contract';
import { Button, Group as Row, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp, IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useFactionGroup, useFactionList } from '../api/faction-list.ts';
import { previewAccessRules, usePreviewAccessRules } from '../api/preview-access-rules.ts';
import { useSetAccessRules } from '../api/set-access-rules.ts';
import { AddRuleSelect } from './add-rule-select.tsx';
import { RuleCard, ruleFieldLabels, type RuleGroup } from './rule-card.tsx';
import { RulesPreview } from './rules-preview.tsx';
import { bodyOf, validateRules, valuesOf, type RulesValues } from './rules-form-values.ts';

interface RulesFormProps {
  app: { id: string; name: string };
  saved: readonly AccessRule[];
  groups: readonly Group[];
  onSaved: (text: string) => void;
  /** A group to add a rule for at once (from the group's page), unless it has one. */
  addGroupId?: string | null;
  /** The rule asked for was added: the request is done (it is not made again after a save). */
  onGroupAdded?: () => void;
}

/** Each rule's group: from the groups list, or as the saved rule names it (a list read before the group was made). */
function groupsById(saved: readonly AccessRule[], groups: readonly Group[]): Map<string, RuleGroup> {
  return new Map<string, RuleGroup>([...saved.map((r) => [r.group_id, r.group] as const), ...groups.map((g) => [g.id, g] as const)]);
}

/** The summary's label of each field, by its path ('rules.0.roles' → 'Roles for Fleet Ops'), in the order shown. */
function fieldLabels(values: RulesValues, byId: ReadonlyMap<string, RuleGroup>): Record<string, string> {
  return Object.fromEntries(
    values.rules.flatMap((rule, i) =>
      Object.entries(ruleFieldLabels(byId.get(rule.group_id)?.name ?? 'a group')).map(([field, label]) => [`rules.${i}.${field}`, label]),
    ),
  );
}

/**
 * The rules as the admin edits them. Submitting first asks the server who they would admit and stop
 * admitting; with that preview on screen (and the rules unchanged since), submitting again saves them.
 */
export function RulesForm({ app, saved, groups, onSaved, addGroupId, onGroupAdded }: RulesFormProps) {
  const form = useForm<RulesValues>({ initialValues: valuesOf(saved), validate: validateRules });
  const preview = usePreviewAccessRules();
  const save = useSetAccessRules();
  const [previewed, setPreviewed] = useState<{ body: string; result: AccessRulesPreview } | null>(null);
  const byId = groupsById(saved, groups);
  const refusal = useErrorSummary(fieldLabels(form.values, byId));
  const factions = useFactionList();
  const factionGroup = useFactionGroup();
  const addRule = (group: Group) => form.insertListItem('rules', { group_id: group.id, roles: [], scopes: [], grace_hours: 0 });

  // Sent here from a group's page: its rule is added once, unsaved, for the admin to set, preview and save.
  const askedFor = useRef(false);
  const { insertListItem } = form;
  useEffect(() => {
    if (askedFor.current || !addGroupId || saved.some((r) => r.group_id === addGroupId)) return;
    if (!groups.some((g) => g.id === addGroupId)) return;
    askedFor.current = true;
    insertListItem('rules', { group_id: addGroupId, roles: [], scopes: [], grace_hours: 0 });
    onGroupAdded?.();
  }, [addGroupId, saved, groups, insertListItem, onGroupAdded]);

  const body = bodyOf(form.values);
  // A preview holds only for the rules it was made of: any edit asks for a new one before Save.
  const fresh = previewed?.body === JSON.stringify(body) ? previewed.result : null;
  const changed = form.isDirty();
  const busy = preview.isPending || save.isPending;

  const submit = form.onSubmit(
    (values) => {
      refusal.passed();
      if (busy) return;
      const request = { appId: app.id, body: bodyOf(values) };
      save.reset();
      if (fresh) {
        // The saved rules replace the form (a new one, keyed by them) before a mutate() callback would run: the promise outlives it.
        save.mutateAsync(request).then(
          () => onSaved(`Access rules of ${app.name} saved.`),
          () => undefined, // shown under the button from save.error
        );
      } else {
        preview.mutate(request, { onSuccess: (result) => setPreviewed({ body: JSON.stringify(request.body), result }) });
      }
    },
    (errors, values, event) => refusal.refused(errors, values, event),
  );
  const undo = () => {
    form.reset();
    preview.reset();
    save.reset();
    setPreviewed(null);
  };

  const undoButton = changed && (
    <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={undo} disabled={busy}>
      Undo changes
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.values.rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rules yet: only players with a grant of their own may open {app.name} (and every player or global admins, when the app allows
            them).
          </Text>
        ) : (
          <Stack component="ul" gap="sm" aria-label={`Access rules of ${app.name}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {form.values.rules.map((rule, i) => {
              const group = byId.get(rule.group_id) ?? {
                id: rule.group_id,
                name: 'A deleted group',
                kind: 'custom' as const,
                faction_uid: null,
                member_count: 0,
              };
              return <RuleCard key={rule.group_id} form={form} index={i} group={group} onRemove={() => form.removeListItem('rules', i)} />;
            })}
          </Stack>
        )}
        <AddRuleSelect
          groups={groups}
          listed={factions.data?.factions ?? []}
          taken={new Set(form.values.rules.map((r) => r.group_id))}
          onAdd={addRule}
          onAddFaction={(factionUid) => factionGroup.mutate(factionUid, { onSuccess: addRule })}
          adding={factionGroup.isPending}
          error={factionGroup.error ? serverMessage(factionGroup.error, 'The faction could not be added.') : null}
        />
        <FormErrorSummary {...refusal.summary(form.errors)} />
        {fresh ? (
          <RulesPreview preview={fresh} check={(player) => previewAccessRules({ appId: app.id, body: { ...body, player } })}>
            <Row gap="sm">
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                Save rules
              </Button>
              {undoButton}
            </Row>
          </RulesPreview>
        ) : (
          <Row gap="sm" align="center">
            {/* Nothing to preview or save until something changed: no button that does nothing. */}
            {changed && (
              <Button type="submit" loading={preview.isPending} leftSection={<IconEye size={16} aria-hidden />}>
                Preview changes
              </Button>
            )}
            {undoButton}
            <Text size="sm" c="dimmed">
              {changed ? 'See who the rules admit before saving them.' : 'The rules are as saved.'}
            </Text>
          </Row>
        )}
        {preview.isError && <ErrorAlert title="The preview could not be made." error={preview.error} />}
        {save.isError && <ErrorAlert title="The access rules could not be saved." error={save.error} focusOnShow />}
      </Stack>
    </form>
  );
}
