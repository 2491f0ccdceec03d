import type { AdminUser } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { AddUserForm } from './add-user-form.tsx';
import { UserDetails } from './user-details.tsx';
import { UserList } from './user-list.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';

/** /admin/users: add a user, the searchable list, and the picked user's details. */
export function UsersAdmin() {
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const detailsRef = useRef<HTMLDivElement>(null);

  // The details open below the list: bring them into view.
  useEffect(() => {
    if (selected) detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  return (
    <Stack gap="lg">
      <AddUserForm onAdded={(user) => setNotice(`User ${user.uid} added.`)} />
      {notice && <SuccessNotice onClose={() => setNotice(null)}>{notice}</SuccessNotice>}
      <UserList selectedId={selected?.id ?? null} onSelect={setSelected} />
      <div ref={detailsRef} style={{ scrollMarginTop: 80 }}>
        {selected && <UserDetails key={selected.id} user={selected} onClose={() => setSelected(null)} />}
      </div>
    </Stack>
  );
}
