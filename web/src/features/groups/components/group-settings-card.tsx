import type { Group } from '@portal/contract';
import { Button, Card, Divider, Group as Row, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { GROUPS } from '@/lib/admin-pages.ts';
import { serverMessage } from '@/lib/api-error.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { GroupForm } from './group-form.tsx';
import { membersCount } from './group-words.ts';

/** What deleting the group ends, in words. */
function deleteWords(group: Group): string {
  const members = `${group.name} is deleted and its ${membersCount(group.member_count)} taken out of it`;
  if (group.app_count === 0) return `${members}. No app's access rules name it, so no one loses access.`;
  const rules = group.app_count === 1 ? 'the access rule of 1 app' : `the access rules of ${group.app_count} apps`;
  return `${members}, with ${rules} that name it. Its members lose what those rules gave them, at once.`;
}

/** What the Groups screen says after a group's page deleted it (router state). */
export interface DeletedGroupState {
  deletedGroup: string;
}

/** A group an admin keeps: its name and description, and Delete (asked first, saying what ends). */
export function GroupSettingsCard({ group }: { group: Group }) {
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  return (
    <Card component="section" aria-labelledby="group-settings-title">
      <Stack gap="md">
        <SectionHeading
          id="group-settings-title"
          title="Name and description"
          description="Renaming changes the name apps receive in the groups claim at the next sign-in."
        />
        <GroupForm
          initial={{ name: group.name, description: group.description }}
          submitLabel="Save group"
          submitIcon={<IconDeviceFloppy size={16} aria-hidden />}
          busy={update.isPending}
          onSubmit={(input, { refuse }) => {
            setSaved(null);
            update.mutate(
              { id: group.id, input },
              {
                onSuccess: (answer) => setSaved(`Group “${answer.name}” saved.`),
                onError: (failure) => refuse(serverMessage(failure, 'The group could not be saved.')),
              },
            );
          }}
          feedback={saved && <SuccessNotice onClose={() => setSaved(null)}>{saved}</SuccessNotice>}
        />
        <Divider />
        <Row justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
            Deleting the group removes its {membersCount(group.member_count)} from it and the access rules that name it.
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            Delete group
          </Button>
        </Row>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Delete group?"
        confirmLabel="Delete group"
        busyLabel="Deleting..."
        busy={remove.isPending}
        color="red"
        error={remove.error ? serverMessage(remove.error, 'The group could not be deleted.') : null}
        onConfirm={() =>
          remove.mutate(group.id, {
            onSuccess: () => {
              setConfirming(false);
              void navigate(GROUPS.to, { state: { deletedGroup: group.name } satisfies DeletedGroupState });
            },
          })
        }
        onClose={() => setConfirming(false)}
      >
        {deleteWords(group)}
      </ConfirmDialog>
    </Card>
  );
}
