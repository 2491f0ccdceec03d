import { scopeList } from '@portal/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

interface AddScopesFormProps {
  busy: boolean;
  onAdd: (scopes: string[]) => void;
}

/** 'extra scopes' and 'Add': nothing happens while no scope is typed. */
export function AddScopesForm({ busy, onAdd }: AddScopesFormProps) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Split on whitespace and spelled as the contract spells scope lists (normaliseScopes).
    const scopes = scopeList(value);
    if (busy || scopes.length === 0) return;
    onAdd(scopes);
  };
  return (
    <form onSubmit={submit}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="extra scopes"
          description="Separate scopes with spaces."
          placeholder="character_location messages_read"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          style={{ flex: '1 1 240px', minWidth: 0 }}
        />
        <Button type="submit" loading={busy} leftSection={<IconPlus size={16} aria-hidden />} miw={96}>
          Add
        </Button>
      </Group>
    </form>
  );
}
