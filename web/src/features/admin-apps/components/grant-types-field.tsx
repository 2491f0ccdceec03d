import { DEVICE_CODE_GRANT, GRANT_TYPE_LABELS, GRANT_TYPES } from '@portal/contract';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
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
  const change = (grants: string[]) =>
    // Refresh tokens go when nothing that signs a player in is left.
    onChange(signsInAPlayer(grants) ? grants : grants.filter((g) => g !== 'refresh_token'));
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
              description={GRANT_TYPE_LABELS[grant].description}
              disabled={grant === 'refresh_token' && !signsInAPlayer(value)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
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
