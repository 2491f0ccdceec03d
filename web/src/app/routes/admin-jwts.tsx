import { ServiceJwtManager } from '@/features/service-jwts/components/service-jwt-manager.tsx';

/** SPEC.md §2 /admin/jwts. No client-side role check (§6): a non-admin sees the server's 403 message. */
export default function AdminJwtsRoute() {
  return <ServiceJwtManager />;
}
