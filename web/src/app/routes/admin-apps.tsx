import { PageHeader } from '@/components/page-header.tsx';

// Being built: replaced by the screen of SPEC.md §2.
export default function AdminAppsRoute() {
  return <PageHeader title="App Catalog" />;
}
