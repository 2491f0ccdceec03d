import { RoleGrantInput, ScopeGrantInput } from '@portal/contract';
import { Center, Loader, SimpleGrid } from '@mantine/core';
import { IconKey, IconShieldCheck } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { useCentralGrants } from '../api/get-central-grants.ts';
import { useGrantRole } from '../api/grant-role.ts';
import { useGrantScope } from '../api/grant-scope.ts';
import { useRevokeRole } from '../api/revoke-role.ts';
import { useRevokeScope } from '../api/revoke-scope.ts';
import { GrantGroup } from './grant-group.tsx';

interface CentralGrantsPanelProps {
  userId: string;
  appId: string;
}

/** /admin/consents: the Scopes and Central Roles chip groups of one user and app. */
export function CentralGrantsPanel({ userId, appId }: CentralGrantsPanelProps) {
  const centralGrants = useCentralGrants(userId, appId);
  const changes = [useGrantScope(), useRevokeScope(), useGrantRole(), useRevokeRole()] as const;
  const [grantScope, revokeScope, grantRole, revokeRole] = changes;
  const busy = changes.some((m) => m.isPending);
  const failure = changes.find((m) => m.isError)?.error;

  const change = (mutation: (typeof changes)[number], value: string, done?: () => void) => {
    if (busy) return;
    for (const m of changes) m.reset();
    mutation.mutate({ userId, appId, value }, { onSuccess: () => done?.() });
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
      {failure && <ErrorAlert title="Update failed." error={failure} onClose={() => changes.forEach((m) => m.reset())} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <GrantGroup
          title="Scopes"
          description="Central consent scopes the app may request for this user."
          icon={IconKey}
          items={centralGrants.data.scp}
          empty="No scopes granted."
          inputLabel="Grant a scope"
          placeholder="scope..."
          field={ScopeGrantInput.shape.value}
          busy={busy}
          granting={grantScope.isPending}
          onGrant={(value, done) => change(grantScope, value, done)}
          onRevoke={(value) => change(revokeScope, value)}
        />
        <GrantGroup
          title="Central Roles"
          description="Roles the user holds in the app."
          icon={IconShieldCheck}
          items={centralGrants.data.roles}
          empty="No central roles granted."
          inputLabel="Grant a role"
          placeholder="admin, staff, sysadmin..."
          field={RoleGrantInput.shape.value}
          busy={busy}
          granting={grantRole.isPending}
          onGrant={(value, done) => change(grantRole, value, done)}
          onRevoke={(value) => change(revokeRole, value)}
        />
      </SimpleGrid>
    </>
  );
}
