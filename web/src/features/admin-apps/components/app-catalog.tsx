import type { App } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { useAdminApps } from '../api/list-admin-apps.ts';
import { AppForm } from './app-form.tsx';
import { AppsList } from './apps-list.tsx';
import { DeleteAppModal } from './delete-app-modal.tsx';

/** /admin/apps: the catalog (cards on a phone), the create/update form and the delete confirmation. */
export function AppCatalog() {
  const apps = useAdminApps();
  const [editing, setEditing] = useState<App | null>(null);
  const [deleting, setDeleting] = useState<App | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The save button sits at the end of a long form: bring the confirmation into view.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [notice]);

  const resetForm = (next: App | null) => {
    setEditing(next);
    setFormKey((k) => k + 1);
  };

  return (
    <Stack gap="lg">
      {notice && (
        <SuccessNotice ref={noticeRef} onClose={() => setNotice(null)}>
          {notice}
        </SuccessNotice>
      )}
      <AppsList
        apps={apps}
        editingId={editing?.id ?? null}
        onEdit={(app) => {
          setNotice(null);
          resetForm(app);
        }}
        onDelete={(app) => {
          setNotice(null);
          setDeleting(app);
        }}
      />
      <AppForm
        key={formKey}
        app={editing}
        onSaved={(name, created) => {
          setNotice(created ? `App "${name}" created.` : `App "${name}" saved.`);
          resetForm(null);
        }}
        onCancel={() => resetForm(null)}
      />
      <DeleteAppModal
        app={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(app) => {
          setDeleting(null);
          setNotice(`App "${app.name}" deleted.`);
          if (editing?.id === app.id) resetForm(null);
        }}
      />
    </Stack>
  );
}
