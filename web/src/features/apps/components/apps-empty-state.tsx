import { Anchor, Card } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListEmpty } from '@/components/list-empty.tsx';

/** No app to show: a player asks an administrator; an administrator, who is the one asked, adds apps. */
export function AppsEmptyState({ admin = false }: { admin?: boolean }) {
  return (
    <Card p={0}>
      <ListEmpty
        icon={<IconLayoutGrid size={28} aria-hidden />}
        title="No apps yet"
        description={
          admin ? (
            <>
              Apps you have access to will appear here. Add one in the{' '}
              <Anchor component={Link} to="/admin/apps" underline="always">
                App Catalog
              </Anchor>
              .
            </>
          ) : (
            'Apps you have access to will appear here. Ask an administrator if you expected to see one.'
          )
        }
      />
    </Card>
  );
}
