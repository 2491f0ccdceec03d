import type { Group } from '@portal/contract';
import { StatusBadge } from '@/components/status-badge.tsx';

/** 'Group' for one an admin keeps; 'Faction 20:2400' for one the game keeps. */
export function GroupKindBadge({ group }: { group: Pick<Group, 'kind' | 'faction_uid'> }) {
  return group.kind === 'faction' ? (
    <StatusBadge color="gold">Faction {group.faction_uid}</StatusBadge>
  ) : (
    <StatusBadge color="blue">Group</StatusBadge>
  );
}
