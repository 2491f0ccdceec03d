import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Code, Stack } from '@mantine/core';
import { IconActivity, IconId, IconLogin2, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { PageTabs, type PageTab } from '@/components/page-tabs.tsx';
import { APP_CATALOG } from '@/lib/admin-pages.ts';
import { AccessRulesEditor } from '@/features/access-rules/components/access-rules-editor.tsx';
import { CheckPlayerCard } from '@/features/access-rules/components/check-player-card.tsx';
import { ActivityList } from '@/features/admin-activity/components/activity-list.tsx';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { AppDetails } from '@/features/admin-apps/components/app-details.tsx';
import { AppSignIn } from '@/features/admin-apps/components/app-sign-in.tsx';
import { AppPlayers } from '@/features/admin-users/components/app-players.tsx';
import { AppCard } from '@/features/apps/components/app-card.tsx';

/** The app's audit events: the Activity screen's list, narrowed to the app. */
function AppActivity({ appKey }: { appKey: string }) {
  const filters = useMemo(() => ({ app: appKey }), [appKey]);
  return <ActivityList filters={filters} />;
}

/** The portal is the provider itself and admits every player: it has no sign-in settings or players of its own. */
function tabsOf(app: App): PageTab[] {
  const portal = app.key === PORTAL_APP_KEY;
  return [
    { value: 'details', label: 'Details', icon: IconId, panel: () => <AppDetails app={app} card={(card) => <AppCard app={card} />} /> },
    ...(portal ? [] : [{ value: 'sign-in', label: 'Sign-in', icon: IconLogin2, panel: () => <AppSignIn app={app} /> }]),
    ...(portal
      ? []
      : [
          {
            value: 'access',
            label: 'Access',
            icon: IconUsers,
            panel: () => (
              <Stack gap="lg">
                <AccessRulesEditor app={app} />
                <CheckPlayerCard app={app} />
                <AppPlayers app={app} />
              </Stack>
            ),
          },
        ]),
    { value: 'activity', label: 'Activity', icon: IconActivity, panel: () => <AppActivity appKey={app.key} /> },
  ];
}

/** /admin/apps/{id}: one app of the catalog, its card, how it signs players in, who has access, what happened. */
export default function AdminAppPageRoute() {
  const { id } = useParams();
  const apps = useAdminApps();
  const app = apps.data?.find((a) => a.id === id);
  const header = (
    <PageHeader
      parent={APP_CATALOG}
      title={app?.name ?? 'App'}
      description={
        app && (
          <>
            Key <Code>{app.key}</Code> · token audience <Code>{app.audience}</Code>
          </>
        )
      }
    />
  );
  return (
    <Stack gap="lg">
      {header}
      {apps.isPending ? (
        <CenteredLoader label="Loading apps..." />
      ) : apps.isError ? (
        <ErrorAlert title="Failed to load apps" error={apps.error} onRetry={() => void apps.refetch()} />
      ) : !app ? (
        <ListEmpty title="No such app" description="It is not in the catalog: it may have been deleted. Go back to the App Catalog." />
      ) : (
        <PageTabs key={app.id} label={`Sections of ${app.name}`} tabs={tabsOf(app)} />
      )}
    </Stack>
  );
}
