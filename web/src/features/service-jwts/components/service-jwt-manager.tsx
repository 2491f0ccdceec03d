import type { ServiceJwtConfig } from '@portal/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useDeleteServiceJwt } from '../api/delete-service-jwt.ts';
import { useReplaceSigningKeys } from '../api/replace-signing-keys.ts';
import { useServiceJwts } from '../api/list-service-jwts.ts';
import { useRotateServiceJwt } from '../api/rotate-service-jwt.ts';
import { REPLACE_SIGNING_KEYS_WARNING, replacedSigningKeysText } from './replace-signing-keys-text.ts';
import { RotationHistoryModal } from './rotation-history-modal.tsx';
import type { RowAction } from './row-actions.tsx';
import { ServiceJwtFormModal } from './service-jwt-form-modal.tsx';
import { ServiceJwtList } from './service-jwt-list.tsx';

type Dialog = 'form' | 'delete' | 'rotate' | 'history' | 'replace-keys';

/**
 * The /admin/jwts screen: the list, and one dialog at a time. `target` outlives the dialog's closing so its
 * text does not change while it fades out.
 */
export function ServiceJwtManager() {
  const list = useServiceJwts();
  const remove = useDeleteServiceJwt();
  const rotate = useRotateServiceJwt();
  const replaceKeys = useReplaceSigningKeys();
  const busy = useIsMutating({ mutationKey: queryKeys.serviceJwts.all }) > 0;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [target, setTarget] = useState<ServiceJwtConfig | null>(null);
  const [formSession, setFormSession] = useState(0);
  // What the last create, update, rotation or delete did, until dismissed or the next of them.
  const outcome = useFeedback();

  const open = (next: Dialog, config: ServiceJwtConfig | null) => {
    if (next !== 'history') outcome.clear();
    if (next === 'form') setFormSession((n) => n + 1);
    setTarget(config);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const onAction = (action: RowAction, config: ServiceJwtConfig) => open(action === 'edit' ? 'form' : action, config);

  const confirmDelete = () => {
    if (!target) return;
    const { service_name: name } = target;
    outcome.clear();
    remove.mutate(target.id, {
      onSuccess: () => {
        close();
        outcome.succeed(`JWT configuration for ${name} deleted.`);
      },
      onError: (error) => {
        close();
        outcome.fail('Delete failed', error);
      },
    });
  };

  const confirmRotate = () => {
    if (!target) return;
    const { service_name: name } = target;
    outcome.clear();
    rotate.mutate(target.id, {
      onSuccess: () => {
        close();
        outcome.succeed(`JWT for ${name} rotated; the Kubernetes secret holds the new one.`);
      },
      onError: (error) => {
        close();
        outcome.fail('Rotation failed', error);
      },
    });
  };

  const confirmReplaceKeys = () => {
    outcome.clear();
    replaceKeys.mutate(undefined, {
      onSuccess: (result) => {
        close();
        outcome.succeed(replacedSigningKeysText(result));
      },
      onError: (error) => {
        close();
        outcome.fail('Replacing the signing keys failed', error);
      },
    });
  };

  const service = target?.service_name ?? '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeader
          parent={ADMIN_PANEL}
          title="Service JWT Management"
          description="Machine-to-machine JWTs for named services, each kept in a Kubernetes secret and rotated on a schedule or on demand."
        />
        <Group gap="sm">
          <Button
            variant="light"
            color="red"
            leftSection={<IconKey size={18} aria-hidden />}
            onClick={() => open('replace-keys', null)}
            disabled={busy}
          >
            Replace signing keys now
          </Button>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open('form', null)} disabled={busy}>
            Add JWT Configuration
          </Button>
        </Group>
      </Group>

      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />

      <ServiceJwtList configs={list} busy={busy} onAction={onAction} />

      <ServiceJwtFormModal
        opened={dialog === 'form'}
        editing={target}
        session={formSession}
        onClose={close}
        onSaved={(name, created) => {
          close();
          outcome.succeed(`JWT configuration for ${name} ${created ? 'created' : 'updated'}.`);
        }}
      />

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

      <ConfirmDialog
        opened={dialog === 'replace-keys'}
        title="Replace signing keys now?"
        confirmLabel="Replace signing keys"
        busyLabel="Replacing..."
        color="red"
        busy={replaceKeys.isPending}
        onConfirm={confirmReplaceKeys}
        onClose={close}
      >
        <Stack gap="xs">
          {REPLACE_SIGNING_KEYS_WARNING.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </ConfirmDialog>

      <RotationHistoryModal opened={dialog === 'history'} config={target} onClose={close} />
    </Stack>
  );
}
