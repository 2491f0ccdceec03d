import type { AdminUser } from '@portal/contract';
import { Alert, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { AddUserForm } from './add-user-form.tsx';
import { UserDetails } from './user-details.tsx';
import { UserList } from './user-list.tsx';

/** SPEC.md §2 /admin/users: add a user, the searchable list, and the picked user's details. */
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
      <AddUserForm onAdded={(uid) => setNotice(`User ${uid} added.`)} />
      {notice && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
          role="status"
        >
          {notice}
        </Alert>
      )}
      <UserList selectedId={selected?.id ?? null} onSelect={setSelected} />
      <div ref={detailsRef} style={{ scrollMarginTop: 80 }}>
        {selected && <UserDetails key={selected.id} user={selected} onClose={() => setSelected(null)} />}
      </div>
    </Stack>
  );
}
