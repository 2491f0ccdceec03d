import { EmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ListEmptyProps {
  title?: string;
  description: ReactNode;
  icon?: ReactNode;
}

/** A list with nothing in it: what that means and, where there is one, what to do next. */
export function ListEmpty({ title, description, icon = <IconInbox size={28} aria-hidden /> }: ListEmptyProps) {
  return <EmptyState py="xl" px="md" variant="light" icon={icon} title={title} description={description} />;
}
