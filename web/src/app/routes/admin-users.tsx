import { PageHeader } from '@/components/page-header.tsx';

// Being built: replaced by the screen of SPEC.md §2.
export default function AdminUsersRoute() {
  return <PageHeader title="Users" />;
}
