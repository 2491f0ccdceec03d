import type { AdminUser } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { clearOfHeader, reveal } from '@/lib/reveal.ts';
import { AddUserForm } from './add-user-form.tsx';
import { UserDetails } from './user-details.tsx';
import { UserList } from './user-list.tsx';

/** /admin/users: add a user, the searchable list, and the picked user's details. */
export function UsersAdmin() {
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const detailsRef = useRef<HTMLDivElement>(null);

  // The details open below the list: bring them into view.
  useEffect(() => {
    if (selected) reveal(detailsRef.current, 'start');
  }, [selected]);

  return (
    <Stack gap="lg">
      <AddUserForm />
      <UserList selectedId={selected?.id ?? null} onSelect={setSelected} />
      <div ref={detailsRef} style={clearOfHeader}>
        {selected && <UserDetails key={selected.id} user={selected} onClose={() => setSelected(null)} />}
      </div>
    </Stack>
  );
}
