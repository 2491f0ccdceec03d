import type { AccessRule, Group } from '@portal/contract';
import { Card, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { ADD_GROUP_PARAM } from '@/lib/admin-pages.ts';
import { useGroupOptions } from '../api/list-group-options.ts';
import { useAccessRules } from '../api/get-access-rules.ts';
import { RulesForm } from './rules-form.tsx';

interface AccessRulesEditorProps {
  app: { id: string; name: string };
}

function Loaded({ app, rules, groups }: AccessRulesEditorProps & { rules: AccessRule[]; groups: Group[] }) {
  const saved = useFeedback();
  const [search, setSearch] = useSearchParams();
  const groupAdded = useCallback(
    () =>
      setSearch(
        (params) => {
          params.delete(ADD_GROUP_PARAM);
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  // A save, or a read that finds the rules changed elsewhere, starts the form again from what is saved.
  return (
    <>
      <RulesForm
        key={JSON.stringify(rules)}
        app={app}
        saved={rules}
        groups={groups}
        onSaved={saved.succeed}
        addGroupId={search.get(ADD_GROUP_PARAM)}
        onGroupAdded={groupAdded}
      />
      <ActionFeedback feedback={saved.feedback} onClose={saved.clear} />
    </>
  );
}

/**
 * An app's access rules: which groups and factions may open it, with which roles and scopes, and a faction's
 * grace period; the preview of who that admits and stops admitting comes before Save. One import for any
 * screen that shows an app.
 */
export function AccessRulesEditor({ app }: AccessRulesEditorProps) {
  const rules = useAccessRules(app.id);
  const groups = useGroupOptions();
  const failed = rules.isError ? rules : groups.isError ? groups : null;
  return (
    <Card component="section" aria-labelledby="access-rules-title">
      <Stack gap="md">
        <SectionHeading
          id="access-rules-title"
          title="Access rules"
          description={`Members of these groups and factions may open ${app.name}, with the roles and scopes each rule gives. A player's own suspension or revocation still outweighs every rule.`}
        />
        {failed ? (
          <ErrorAlert title="Failed to load the access rules." error={failed.error} onRetry={() => void failed.refetch()} />
        ) : rules.data && groups.data ? (
          <Loaded app={app} rules={rules.data.rules} groups={groups.data} />
        ) : (
          <CenteredLoader label="Loading access rules..." />
        )}
      </Stack>
    </Card>
  );
}
