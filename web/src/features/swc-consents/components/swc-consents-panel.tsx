import { SWC_SIGN_IN_SCOPES } from '@portal/contract';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { useRevokeSwcConsent } from '../api/revoke-swc-consent.ts';
import { useStartSwcAuthorization } from '../api/start-swc-authorization.ts';
import { useSwcConsents } from '../api/get-swc-consents.ts';
import { AddScopesForm } from './add-scopes-form.tsx';
import { ReauthorizeNotice } from './reauthorize-notice.tsx';
import { ScopeChip } from './scope-chip.tsx';

interface SwcConsentsPanelProps {
  /** Scopes from the URL (`?scopes=`): authorization starts with them at once. */
  requested: string[];
}

/** The granted scopes as chips with 'revoke', what needs granting again, and the form that asks SWCombine for more. */
export function SwcConsentsPanel({ requested }: SwcConsentsPanelProps) {
  const consents = useSwcConsents();
  const authorize = useStartSwcAuthorization();
  const revoke = useRevokeSwcConsent();
  const busy = authorize.isPending || authorize.isSuccess || revoke.isPending;

  // Once per visit, also under StrictMode's double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || requested.length === 0) return;
    started.current = true;
    authorize.mutate(requested);
  }, [requested, authorize]);

  const data = consents.data;
  return (
    <Stack gap="lg">
      {authorize.isError && (
        <ErrorAlert title="Failed to start authorization" error={authorize.error} onClose={() => authorize.reset()} focusOnShow />
      )}
      {revoke.isError && <ErrorAlert title="Failed to revoke the scope" error={revoke.error} onClose={() => revoke.reset()} focusOnShow />}
      {data && (data.grantGone || data.needsReauthorization.length > 0) && (
        <ReauthorizeNotice
          scopes={data.needsReauthorization}
          grantGone={data.grantGone}
          busy={authorize.isPending}
          onReauthorize={() => authorize.mutate(data.needsReauthorization.length > 0 ? data.needsReauthorization : [...SWC_SIGN_IN_SCOPES])}
        />
      )}
      <SectionCard title="Granted scopes" description="What SWCombine confirmed you granted the platform.">
        {consents.isPending && (
          <Group gap="xs" aria-busy="true" aria-label="Loading scopes">
            <Skeleton height={30} width={150} radius="xl" />
            <Skeleton height={30} width={150} radius="xl" />
          </Group>
        )}
        {consents.isError && <ErrorAlert title="Failed to load scopes" error={consents.error} onRetry={() => void consents.refetch()} />}
        {data && data.scopes.length === 0 && (
          <Text size="sm" c="dimmed" fs="italic">
            No scopes granted.
          </Text>
        )}
        {data && data.scopes.length > 0 && (
          <>
            <Group gap="xs" role="list" aria-label="Granted scopes">
              {data.scopes.map((scope) => (
                <ScopeChip key={scope} scope={scope} busy={busy} onRevoke={(s) => revoke.mutate(s)} />
              ))}
            </Group>
            <Text size="xs" c="dimmed" id="swc-sign-in-scope-reason">
              {SWC_SIGN_IN_SCOPES.join(' and ')} sign you in to the platform, so they cannot be revoked here.
            </Text>
          </>
        )}
      </SectionCard>
      <SectionCard title="Add scopes" description="SWCombine asks you to confirm; you may grant only some of them.">
        <AddScopesForm busy={busy} onAdd={(scopes) => authorize.mutate(scopes)} />
      </SectionCard>
    </Stack>
  );
}
