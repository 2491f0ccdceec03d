import type { ServiceJwtConfig } from '@portal/contract';
import { Button, Card, EmptyState, Group, Stack } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useDeleteServiceJwt } from '../api/delete-service-jwt.ts';
import { serverMessage } from '@/lib/api-error.ts';
import { serviceJwtsQueryKey, useServiceJwts } from '../api/list-service-jwts.ts';
import { useRotateServiceJwt } from '../api/rotate-service-jwt.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorBanner } from './error-banner.tsx';
import { RotationHistoryModal } from './rotation-history-modal.tsx';
import type { RowAction } from './row-actions.tsx';
import { ServiceJwtCards } from './service-jwt-cards.tsx';
import { ServiceJwtFormModal } from './service-jwt-form-modal.tsx';
import { ServiceJwtTable } from './service-jwt-table.tsx';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';

type Dialog = 'form' | 'delete' | 'rotate' | 'history';

const LOAD_FAILED = 'Failed to load JWT configurations';

/**
 * The /admin/jwts screen (SPEC.md §2): the list, and one dialog at a time. `target` outlives the dialog's
 * closing so its text does not change while it fades out.
 */
export function ServiceJwtManager() {
  const list = useServiceJwts();
  const remove = useDeleteServiceJwt();
  const rotate = useRotateServiceJwt();
  const busy = useIsMutating({ mutationKey: serviceJwtsQueryKey }) > 0;
  const phone = usePhoneLayout();

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [target, setTarget] = useState<ServiceJwtConfig | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [actionError, setActionError] = useState<string | null>(null);

  const open = (next: Dialog, config: ServiceJwtConfig | null) => {
    if (next !== 'history') setActionError(null);
    if (next === 'form') setFormSession((n) => n + 1);
    setTarget(config);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const onAction = (action: RowAction, config: ServiceJwtConfig) => open(action === 'edit' ? 'form' : action, config);

  const confirmDelete = () => {
    if (!target) return;
    setActionError(null);
    remove.mutate(target.id, {
      onSuccess: close,
      onError: (error) => {
        close();
        setActionError(serverMessage(error, 'Delete failed'));
      },
    });
  };

  const confirmRotate = () => {
    if (!target) return;
    setActionError(null);
    rotate.mutate(target.id, {
      onSuccess: close,
      onError: (error) => {
        close();
        setActionError(serverMessage(error, 'Rotation failed'));
      },
    });
  };

  let content: ReactNode = null;
  if (list.isPending) {
    content = (
      <Card p={0}>
        <CenteredLoader label="Loading JWT configurations..." />
      </Card>
    );
  } else if (list.data?.length === 0) {
    content = (
      <Card p={0}>
        <EmptyState
          py={48}
          px="md"
          variant="light"
          icon={<IconKey size={28} aria-hidden />}
          description='No JWT configurations found. Click "Add JWT Configuration" to create your first one.'
        />
      </Card>
    );
  } else if (list.data && phone) {
    content = <ServiceJwtCards configs={list.data} busy={busy} onAction={onAction} />;
  } else if (list.data) {
    content = (
      <Card p={0}>
        <ServiceJwtTable configs={list.data} busy={busy} onAction={onAction} />
      </Card>
    );
  }

  const loadError = list.isError ? serverMessage(list.error, LOAD_FAILED) : null;
  const service = target?.service_name ?? '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeader
          title="Service JWT Management"
          description="Machine-to-machine JWTs for named services, each kept in a Kubernetes secret and rotated on a schedule or on demand."
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open('form', null)} disabled={busy}>
          Add JWT Configuration
        </Button>
      </Group>

      {loadError && (
        // A message from the server (say, the missing admin role) is shown under the fallback as title.
        <ErrorBanner title={loadError === LOAD_FAILED ? undefined : LOAD_FAILED} message={loadError} onRetry={() => void list.refetch()} />
      )}
      {actionError && <ErrorBanner message={actionError} onClose={() => setActionError(null)} />}

      <div aria-busy={list.isFetching}>{content}</div>

      <ServiceJwtFormModal opened={dialog === 'form'} editing={target} session={formSession} onClose={close} />

      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Confirm Delete"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        color="red"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={close}
      >
        {`Are you sure you want to delete the JWT configuration for ${service}? This action cannot be undone.`}
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'rotate'}
        title="Confirm Rotation"
        confirmLabel="Rotate Now"
        busyLabel="Rotating..."
        busy={rotate.isPending}
        onConfirm={confirmRotate}
        onClose={close}
      >
        {`Are you sure you want to rotate the JWT for ${service}? This will generate a new JWT and update the Kubernetes secret.`}
      </ConfirmDialog>

      <RotationHistoryModal opened={dialog === 'history'} config={target} onClose={close} />
    </Stack>
  );
}
