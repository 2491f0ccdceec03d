import { ServiceJwtManager } from '@/features/service-jwts/components/service-jwt-manager.tsx';

/** /admin/jwts does no client-side role check: a non-admin sees the server's 403 message. */
export default function AdminJwtsRoute() {
  return <ServiceJwtManager />;
}
