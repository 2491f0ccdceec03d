import type { App } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { useAdminApps } from '../api/list-admin-apps.ts';
import { AppForm } from './app-form.tsx';
import { AppsList } from './apps-list.tsx';
import { DeleteAppModal } from './delete-app-modal.tsx';
import { FreshSecret } from './fresh-secret.tsx';
import { OidcClientModal } from './oidc-client-modal.tsx';

/** /admin/apps: the catalog (cards on a phone), the create/update form, the delete confirmation and an app's OpenID Connect client. */
export function AppCatalog() {
  const apps = useAdminApps();
  const [editing, setEditing] = useState<App | null>(null);
  const [deleting, setDeleting] = useState<App | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The app stays while its dialog fades out, then the dialog goes: a closed dialog left mounted kept the
  // Create form from being replaced after the next save (a second, stale copy stayed on the page). Each
  // opening is a new dialog, which forgets a secret shown before.
  const [oidc, setOidc] = useState<{ app: App; opening: number; opened: boolean } | null>(null);
  // Above the list, which shows what changed; brought into view from the save button at the end of the long form.
  const notice = useFeedback();
  // A machine client's secret, made with it: shown once, forgotten at the next action.
  const [madeSecret, setMadeSecret] = useState<{ appName: string; secret: string } | null>(null);
  const clearNotice = () => {
    notice.clear();
    setMadeSecret(null);
  };

  const resetForm = (next: App | null) => {
    setEditing(next);
    setFormKey((k) => k + 1);
  };

  return (
    <Stack gap="lg">
      <ActionFeedback feedback={notice.feedback} onClose={notice.clear} />
      {madeSecret && <FreshSecret secret={madeSecret.secret} appName={madeSecret.appName} />}
      <AppsList
        apps={apps}
        editingId={editing?.id ?? null}
        onEdit={(app) => {
          clearNotice();
          resetForm(app);
        }}
        onDelete={(app) => {
          clearNotice();
          setDeleting(app);
        }}
        onOidc={(app) => setOidc((last) => ({ app, opening: (last?.opening ?? 0) + 1, opened: true }))}
      />
      <AppForm
        // Keys of their own: the form's and the dialog's counters share this list, and a key two children hold leaves stale copies.
        key={`form-${formKey}`}
        app={editing}
        onSaveStart={clearNotice}
        onSaved={(name, created, secret) => {
          notice.succeed(created ? `App "${name}" created.` : `App "${name}" saved.`);
          if (secret) setMadeSecret({ appName: name, secret });
          resetForm(null);
        }}
        onCancel={() => resetForm(null)}
      />
      <DeleteAppModal
        app={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(app) => {
          setDeleting(null);
          notice.succeed(`App "${app.name}" deleted.`);
          if (editing?.id === app.id) resetForm(null);
        }}
      />
      {oidc && (
        <OidcClientModal
          key={`oidc-${oidc.opening}`}
          app={oidc.app}
          opened={oidc.opened}
          onClose={() => setOidc((last) => last && { ...last, opened: false })}
          onClosed={() => setOidc((last) => (last?.opened ? last : null))}
        />
      )}
    </Stack>
  );
}
