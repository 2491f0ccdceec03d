import type { Group } from '@portal/contract';
import { Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

interface AddRuleSelectProps {
  groups: readonly Group[];
  /** Groups that have a rule already: an app has one rule per group. */
  taken: ReadonlySet<string>;
  onAdd: (group: Group) => void;
}

/** 'Add a group or faction': picking one adds its rule. Groups an admin keeps, then factions, each searchable. */
export function AddRuleSelect({ groups, taken, onAdd }: AddRuleSelectProps) {
  const [search, setSearch] = useState('');
  const free = groups.filter((g) => !taken.has(g.id));
  const option = (g: Group) => ({ value: g.id, label: g.kind === 'faction' ? `${g.name} (${g.faction_uid})` : g.name });
  const data = [
    { group: 'Groups', items: free.filter((g) => g.kind === 'custom').map(option) },
    { group: 'Factions', items: free.filter((g) => g.kind === 'faction').map(option) },
  ].filter((section) => section.items.length > 0);
  return (
    <Select
      label="Add a group or faction"
      description="Its members may open the app."
      placeholder={free.length === 0 ? 'Every group has a rule' : 'Pick a group or faction'}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={false}
      disabled={free.length === 0}
      nothingFoundMessage="No group or faction by that name"
      leftSection={<IconPlus size={16} aria-hidden />}
      onChange={(id) => {
        const group = free.find((g) => g.id === id);
        if (!group) return;
        setSearch('');
        onAdd(group);
      }}
    />
  );
}
