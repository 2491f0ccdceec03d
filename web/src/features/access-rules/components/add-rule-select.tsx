import type { Group, ListedFaction } from '@portal/contract';
import { Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

interface AddRuleSelectProps {
  groups: readonly Group[];
  /** Every faction SWCombine lists: those the portal has no group of yet are offered too. */
  listed: readonly ListedFaction[];
  /** Groups that have a rule already: an app has one rule per group. */
  taken: ReadonlySet<string>;
  onAdd: (group: Group) => void;
  /** A listed faction without a group was picked: its group is made, then its rule added. */
  onAddFaction: (factionUid: string) => void;
  /** Its group is being made. */
  adding?: boolean;
  error?: string | null;
}

const LISTED = 'swc:';

/**
 * 'Add a group or faction': picking one adds its rule. Groups an admin keeps, then every faction SWCombine lists
 * (those the portal has seen and the rest of the game's list), each searchable.
 */
export function AddRuleSelect({ groups, listed, taken, onAdd, onAddFaction, adding = false, error }: AddRuleSelectProps) {
  const [search, setSearch] = useState('');
  const free = groups.filter((g) => !taken.has(g.id));
  const known = new Set(groups.flatMap((g) => (g.faction_uid ? [g.faction_uid] : [])));
  const option = (g: Group) => ({ value: g.id, label: g.kind === 'faction' ? `${g.name} (${g.faction_uid})` : g.name });
  const factions = [
    ...free.filter((g) => g.kind === 'faction').map(option),
    ...listed
      .filter((f) => !known.has(f.faction_uid))
      .map((f) => ({ value: `${LISTED}${f.faction_uid}`, label: `${f.name} (${f.faction_uid})` })),
  ].sort((a, b) => a.label.localeCompare(b.label));
  const data = [
    { group: 'Groups', items: free.filter((g) => g.kind === 'custom').map(option) },
    { group: 'Factions', items: factions },
  ].filter((section) => section.items.length > 0);
  const none = data.length === 0;
  return (
    <Select
      label="Add a group or faction"
      description="Its members may open the app. Every faction SWCombine lists is offered."
      placeholder={none ? 'Every group has a rule' : 'Pick a group or faction'}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={false}
      disabled={none || adding}
      error={error}
      nothingFoundMessage="No group or faction by that name"
      leftSection={<IconPlus size={16} aria-hidden />}
      onChange={(value) => {
        if (!value) return;
        setSearch('');
        if (value.startsWith(LISTED)) return onAddFaction(value.slice(LISTED.length));
        const group = free.find((g) => g.id === value);
        if (group) onAdd(group);
      }}
    />
  );
}
