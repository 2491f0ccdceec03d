import { RoleGrantInput, ScopeGrantInput } from '@portal/contract';
import { Center, Loader, SimpleGrid } from '@mantine/core';
import { IconKey, IconShieldCheck } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { useCentralGrants } from '../api/get-central-grants.ts';
import { useChangeCentralGrant, type CentralGrantChange } from '../api/change-central-grant.ts';
import { GrantGroup } from './grant-group.tsx';

/** The two chip groups: what each shows, and the changes its grant form and chips make. */
const GROUPS = [
  {
    title: 'Scopes',
    description: 'Central consent scopes the app may request for this user.',
    icon: IconKey,
    held: 'scp',
    empty: 'No scopes granted.',
    inputLabel: 'Grant a scope',
    placeholder: 'scope...',
    field: ScopeGrantInput.shape.value,
    grant: 'grantScope',
    revoke: 'revokeScope',
  },
  {
    title: 'Central Roles',
    description: 'Roles the user holds in the app.',
    icon: IconShieldCheck,
    held: 'roles',
    empty: 'No central roles granted.',
    inputLabel: 'Grant a role',
    placeholder: 'admin, staff, sysadmin...',
    field: RoleGrantInput.shape.value,
    grant: 'grantRole',
    revoke: 'revokeRole',
  },
] as const;

interface CentralGrantsPanelProps {
  userId: string;
  appId: string;
}

/** /admin/consents: the Scopes and Central Roles chip groups of one user and app. */
export function CentralGrantsPanel({ userId, appId }: CentralGrantsPanelProps) {
  const centralGrants = useCentralGrants(userId, appId);
  const mutation = useChangeCentralGrant();
  const busy = mutation.isPending;
  const granting = (kind: CentralGrantChange) => busy && mutation.variables.change === kind;

  const apply = (kind: CentralGrantChange, value: string, done?: () => void) => {
    if (busy) return;
    mutation.reset();
    mutation.mutate({ change: kind, userId, appId, value }, { onSuccess: () => done?.() });
  };

  if (centralGrants.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading consents and roles">
        <Loader size="sm" />
      </Center>
    );
  }
  if (centralGrants.isError) {
    return <ErrorAlert title="Failed to load consents/roles." error={centralGrants.error} onRetry={() => void centralGrants.refetch()} />;
  }

  return (
    <>
      {mutation.isError && <ErrorAlert title="Update failed." error={mutation.error} onClose={() => mutation.reset()} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {GROUPS.map(({ held, grant, revoke, ...texts }) => (
          <GrantGroup
            key={texts.title}
            {...texts}
            items={centralGrants.data[held]}
            busy={busy}
            granting={granting(grant)}
            onGrant={(value, done) => apply(grant, value, done)}
            onRevoke={(value) => apply(revoke, value)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
