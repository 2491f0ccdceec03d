import { Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

interface SearchFieldProps {
  /** 'Search users', 'Search members'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A search of the server is on its way (not the first load): a small spinner named 'Searching'. */
  searching: boolean;
  style?: CSSProperties;
}

/** The search above a list searched on the server, by name or UID. */
export function SearchField({ label, value, onChange, searching, style }: SearchFieldProps) {
  return (
    <TextInput
      label={label}
      placeholder="Name or UID"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={searching ? <Loader size={14} aria-label="Searching" /> : undefined}
      type="search"
      style={style}
    />
  );
}
