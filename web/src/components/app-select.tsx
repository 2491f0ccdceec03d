import { Select } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What the picker needs of an app: the id it answers with and the 'name (key)' it shows. */
interface AppOption {
  id: string;
  key: string;
  name: string;
}

/** An app is shown as 'name (key)'. */
function appLabel(app: Pick<AppOption, 'name' | 'key'>): string {
  return `${app.name} (${app.key})`;
}

interface AppSelectProps<T extends AppOption> {
  apps: readonly T[];
  /** The picked app's id. */
  value: string | null;
  onChange: (app: T | null) => void;
  loading?: boolean;
  error?: ReactNode;
  label?: string;
  description?: string;
  disabled?: boolean;
}

/** A searchable app picker over a list the caller loaded (the catalog is small, so it filters locally). */
export function AppSelect<T extends AppOption>({
  apps,
  value,
  onChange,
  loading = false,
  error,
  label = 'App',
  description = 'Pick the app to work on.',
  disabled,
}: AppSelectProps<T>) {
  return (
    <Select
      label={label}
      placeholder={loading ? 'Loading apps...' : 'Search by name or key'}
      description={description}
      searchable
      clearable
      data={apps.map((a) => ({ value: a.id, label: appLabel(a) }))}
      value={value}
      onChange={(id) => onChange(apps.find((a) => a.id === id) ?? null)}
      nothingFoundMessage={loading ? 'Loading...' : 'No apps found'}
      leftSection={<IconApps size={16} aria-hidden />}
      maxDropdownHeight={280}
      error={error}
      disabled={disabled || loading}
    />
  );
}
