import { Anchor, Card, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { groupPagePath } from '@/lib/admin-pages.ts';
import { serverMessage } from '@/lib/api-error.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { GroupForm } from './group-form.tsx';

const EMPTY = { name: '', description: '' };

/** 'Create group': a name and a description; the new group's page is one click away to add its players. */
export function CreateGroupCard() {
  const create = useCreateGroup();
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);

  return (
    <Card component="section" aria-labelledby="create-group-title">
      <Stack gap="md">
        <SectionHeading
          id="create-group-title"
          title="Create group"
          description="A group of players you keep by hand: add them by UID, then let apps' access rules admit its members."
        />
        <GroupForm
          initial={EMPTY}
          submitLabel="Create group"
          submitIcon={<IconPlus size={16} aria-hidden />}
          busy={create.isPending}
          onSubmit={(input, { refuse, reset }) => {
            setCreated(null);
            create.mutate(input, {
              onSuccess: (group) => {
                reset();
                setCreated({ id: group.id, name: group.name });
              },
              onError: (failure) => refuse(serverMessage(failure, 'The group could not be created.')),
            });
          }}
          feedback={
            created && (
              <SuccessNotice onClose={() => setCreated(null)}>
                Group “{created.name}” created.{' '}
                <Anchor component={Link} to={groupPagePath(created.id)} size="sm" underline="always">
                  Add its players
                </Anchor>
              </SuccessNotice>
            )
          }
        />
      </Stack>
    </Card>
  );
}
