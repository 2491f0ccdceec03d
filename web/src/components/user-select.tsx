import { Loader, Select } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/** What the picker needs of a user: the id it answers with and the 'name (uid)' it shows. */
export interface UserOption {
  id: string;
  /** Null until the user's first sign-in brings the name from SWCombine. */
  name: string | null;
  uid: string;
}

/** How a user added by UID is named until the first sign-in. */
export const NOT_SIGNED_IN = 'Not signed in yet';

/** A user is shown as 'name (uid)'. */
export function userLabel(user: Pick<UserOption, 'name' | 'uid'>): string {
  return `${user.name ?? NOT_SIGNED_IN} (${user.uid})`;
}

interface UserSelectProps {
  /** The users matching the current search (one page from the server). */
  users: readonly UserOption[];
  value: UserOption | null;
  onChange: (user: UserOption | null) => void;
  /** The typed search; '' while the field just shows the picked user. Feed it to the server-side search. */
  onSearchChange: (search: string) => void;
  searching?: boolean;
  error?: ReactNode;
  label?: string;
  disabled?: boolean;
  /** The field's name in its form (`data-path`), so a refused submit can focus it. */
  path?: string;
}

/**
 * A searchable user picker whose options come from a server-side search (so it works with any number of
 * users): the picked user stays selectable even when the current page of results no longer holds it.
 */
export function UserSelect({
  users,
  value,
  onChange,
  onSearchChange,
  searching = false,
  error,
  label = 'User',
  disabled,
  path,
}: UserSelectProps) {
  const [search, setSearch] = useState('');
  const options = value && !users.some((u) => u.id === value.id) ? [value, ...users] : users;
  const selectedLabel = value ? userLabel(value) : null;

  const changeSearch = (next: string) => {
    setSearch(next);
    onSearchChange(next === selectedLabel ? '' : next.trim());
  };

  return (
    <Select
      label={label}
      placeholder="Search by name or UID"
      description="Type a name or UID to search all users."
      searchable
      clearable
      data={options.map((u) => ({ value: u.id, label: userLabel(u) }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(options.find((u) => u.id === id) ?? null)}
      searchValue={search}
      onSearchChange={changeSearch}
      nothingFoundMessage={searching ? 'Searching...' : 'No users found'}
      leftSection={<IconUser size={16} aria-hidden />}
      rightSection={searching ? <Loader size={14} aria-label="Searching users" /> : undefined}
      maxDropdownHeight={280}
      error={error}
      disabled={disabled}
      data-path={path}
    />
  );
}
