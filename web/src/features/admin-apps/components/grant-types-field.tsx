import { DEVICE_CODE_GRANT, GRANT_TYPE_LABELS, GRANT_TYPES } from '@portal/contract';
import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { APP_FIELD_LABELS as LABELS } from './app-form-values.ts';

/** Sign-in with a code or a device code: the grants refresh tokens come with. */
const signsInAPlayer = (grants: readonly string[]) => grants.includes('authorization_code') || grants.includes(DEVICE_CODE_GRANT);

interface GrantTypesFieldProps {
  value: string[];
  onChange: (grants: string[]) => void;
  error?: ReactNode;
  machineScopes: string;
  onMachineScopesChange: (scopes: string) => void;
  machineScopesError?: ReactNode;
}

/**
 * Which ways an app may sign in through the portal's OpenID Provider, in words a guild leader reads
 * (the protocol's grant names are in the contract), and the machine client's scopes when it is one.
 */
export function GrantTypesField(props: GrantTypesFieldProps) {
  const { value, onChange } = props;
  // Refresh tokens go when nothing that signs a player in is left: the box says so rather than changing unseen.
  const [refreshDropped, setRefreshDropped] = useState(false);
  const change = (grants: string[]) => {
    const keepsRefresh = signsInAPlayer(grants);
    if (!keepsRefresh && grants.includes('refresh_token')) setRefreshDropped(true);
    else if (keepsRefresh) setRefreshDropped(false);
    onChange(keepsRefresh ? grants : grants.filter((g) => g !== 'refresh_token'));
  };
  const refreshNeeds = 'Needs Sign-in with a code or Device code: it keeps a signed-in player signed in.';
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={LABELS.grant_types}
        description="How the app's OpenID Connect client may get tokens — its grant types."
        value={value}
        onChange={change}
        error={props.error}
      >
        <Stack gap="xs" mt="xs">
          {GRANT_TYPES.map((grant) => (
            <Checkbox
              key={grant}
              value={grant}
              label={GRANT_TYPE_LABELS[grant].label}
              description={grant === 'refresh_token' && !signsInAPlayer(value) ? refreshNeeds : GRANT_TYPE_LABELS[grant].description}
              disabled={grant === 'refresh_token' && !signsInAPlayer(value)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {refreshDropped && (
        <Text size="sm" c="yellow.4" role="status">
          Stay signed in was unticked as well: refresh tokens need a way that signs a player in. Tick one again to keep them.
        </Text>
      )}
      {value.includes('client_credentials') && (
        <TextInput
          label={LABELS.machine_scopes}
          description="What the machine client may do, as scopes its API understands (ledger:read ledger:write); separate them with spaces."
          placeholder="ledger:read ledger:write"
          autoComplete="off"
          value={props.machineScopes}
          onChange={(event) => props.onMachineScopesChange(event.currentTarget.value)}
          error={props.machineScopesError}
        />
      )}
    </Stack>
  );
}
