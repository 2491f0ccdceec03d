import { Stack } from '@mantine/core';
import { scopeList } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { getSwcConsents } from '@/features/swc-consents/api/get-swc-consents.ts';
import { SwcConsentsPanel } from '@/features/swc-consents/components/swc-consents-panel.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { prefetchForScreen } from '../route-preload.ts';

export function prefetch(client: QueryClient): void {
  prefetchForScreen(client, { queryKey: queryKeys.swcConsents, queryFn: ({ signal }) => getSwcConsents(signal) });
}

const PROFILE = { label: 'Your Profile', to: '/profile' };

export default function SwcConsentsRoute() {
  const [params] = useSearchParams();
  const raw = params.get('scopes') ?? '';
  const requested = useMemo(() => scopeList(raw), [raw]);
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        parent={PROFILE}
        title="SWC Consents"
        description="The SWCombine permissions you granted the platform. Revoke one, or ask SWCombine for more."
      />
      <SwcConsentsPanel requested={requested} />
    </Stack>
  );
}
