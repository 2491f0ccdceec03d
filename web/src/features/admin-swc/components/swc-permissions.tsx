import {
  SWC_BINDING_ACTORS,
  SWC_BINDING_SCOPES,
  SwcBindingQuery,
  DEFAULT_SWC_ACTOR,
  DEFAULT_SWC_TENANT,
  INVENTORY_SWC_BINDING as SYNC_BINDING,
} from '@portal/contract';
import { Button, Card, Checkbox, Divider, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { contractValidator } from '@/lib/form-validation.ts';
import { browserNavigation, swcConnectUrl } from '../api/connect-url.ts';
import { useDisconnectSwcBinding } from '../api/disconnect-swc-binding.ts';
import { useSwcBinding } from '../api/get-swc-binding.ts';
import { INITIAL_TICKS, SCOPE_HINTS, ticksFromGranted } from './scope-ticks.ts';
import { SwcFailure } from './swc-failure.tsx';
import { SwcStatus } from './swc-status.tsx';

/** A button beside labelled inputs starts this far down, level with their boxes. */
const INPUT_LABEL_OFFSET = 25;

interface Values {
  tenant: string;
  actor: string;
  scopes: string[];
}

/** What the form names, as the server reads it (an empty tenant is refused before this is read). */
const toQuery = (v: Values): SwcBindingQuery => ({
  tenant_id: v.tenant.trim() || DEFAULT_SWC_TENANT,
  actor: (v.actor || DEFAULT_SWC_ACTOR) as SwcBindingQuery['actor'],
});
const checkQuery = contractValidator<Values>(SwcBindingQuery, toQuery, (field) => (field === 'tenant_id' ? 'tenant' : field));

/** An empty tenant once switched to another binding (t_default) without a word: it is refused instead. */
const EMPTY_TENANT = `Enter a tenant: the name of the binding to show or connect (${SYNC_BINDING.tenantId} is the one the data sync reads with).`;

/** The contract's rule, said of the field the admin sees: 'Tenant may only hold…', not the query parameter's 'tenant_id'. */
function validate(values: Values) {
  if (!values.tenant.trim()) return { tenant: EMPTY_TENANT };
  const errors = checkQuery(values);
  if (typeof errors.tenant === 'string') errors.tenant = errors.tenant.replace(/^tenant_id\b/, 'Tenant');
  return errors;
}

const TENANT_HINT =
  `The name of one SWCombine grant the portal keeps (a binding), chosen by you. The data sync reads the faction inventory with ` +
  `tenant ${SYNC_BINDING.tenantId} and actor ${SYNC_BINDING.actor}. Faction rosters are read with any connected binding that holds faction_members.`;
const ACTOR_HINT =
  'Whose SWCombine grant it is: faction-leader, a character who leads the faction (rosters and the faction inventory need one); service-account, a character kept for automation.';

export function SwcPermissions({ initial }: { initial: SwcBindingQuery }) {
  const form = useForm<Values>({
    initialValues: { tenant: initial.tenant_id, actor: initial.actor, scopes: [...INITIAL_TICKS] },
    validate,
  });
  const [shown, setShown] = useState<SwcBindingQuery>(initial);
  const status = useSwcBinding(shown);
  const disconnect = useDisconnectSwcBinding();
  const [confirming, setConfirming] = useState(false);

  // Granted scopes, when they load, replace the ticks: the boxes then say what the binding holds.
  const granted = status.data?.grantedScopes;
  const { setFieldValue } = form;
  useEffect(() => {
    if (granted?.length) setFieldValue('scopes', ticksFromGranted(granted));
  }, [granted, setFieldValue]);

  const refresh = () => {
    if (form.validate().hasErrors) return;
    const next = toQuery(form.getValues());
    if (next.tenant_id === shown.tenant_id && next.actor === shown.actor) void status.refetch();
    else setShown(next);
  };
  const saveAndConnect = () => {
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    browserNavigation.go(swcConnectUrl({ tenant: values.tenant, actor: values.actor, scopes: values.scopes }));
  };
  const confirmDisconnect = () => disconnect.mutate(shown, { onSettled: () => setConfirming(false) });

  return (
    <Card component="section" aria-labelledby="swc-binding-title">
      <Stack gap="lg">
        <Title order={2} fz="lg" id="swc-binding-title">
          Tenant and actor
        </Title>
        {/* Aligned at the top, so a message under Tenant pushes nothing down beside it. */}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Tenant"
            description={TENANT_HINT}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            autoComplete="off"
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('tenant')}
          />
          <Select
            label="Actor"
            description={ACTOR_HINT}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            data={[...SWC_BINDING_ACTORS]}
            allowDeselect={false}
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('actor')}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={refresh}
            loading={status.isFetching}
            mt={INPUT_LABEL_OFFSET}
          >
            Refresh
          </Button>
        </Group>

        <Checkbox.Group label="Scopes" description="What SWCombine is asked to grant on Save & Connect." {...form.getInputProps('scopes')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {SWC_BINDING_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                // SWCombine spells two of them in capitals; shown side by side they read alike (the value sent is as offered).
                label={scope.toLowerCase()}
                description={SCOPE_HINTS[scope]}
                styles={{ label: { overflowWrap: 'anywhere', fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>

        <Divider />
        <Stack gap="xs">
          <Title order={3} fz="md">
            Status for tenant {shown.tenant_id}, {shown.actor}
          </Title>
          {status.isError ? (
            <SwcFailure title="Failed to load status" error={status.error} onRetry={() => void status.refetch()} />
          ) : status.data ? (
            <SwcStatus status={status.data} />
          ) : (
            <Skeleton h={60} aria-label="Loading status" />
          )}
          {disconnect.isError && <SwcFailure title="Failed to disconnect" error={disconnect.error} />}
        </Stack>

        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            onClick={saveAndConnect}
            disabled={form.values.scopes.length === 0}
          >
            Save &amp; Connect
          </Button>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconPlugConnectedX size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
            disabled={!status.data?.connected}
          >
            Disconnect
          </Button>
        </Group>
        {form.values.scopes.length === 0 && (
          <Text size="sm" c="dimmed">
            Tick at least one scope to connect.
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Disconnect SWCombine permissions?"
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnect.isPending}
        color="red"
        onConfirm={confirmDisconnect}
        onClose={() => setConfirming(false)}
      >
        SWCombine revokes the grant of tenant {shown.tenant_id} ({shown.actor}) and the portal forgets it. Save &amp; Connect asks for it
        again.
      </ConfirmDialog>
    </Card>
  );
}
