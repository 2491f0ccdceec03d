import { useSearchParams } from 'react-router';
import { ConfirmForApp } from '@/features/passkeys/components/confirm-for-app.tsx';

/** /confirm-passkey?next=…: an app asked for a passkey; the player confirms one and goes on. */
export default function ConfirmPasskeyRoute() {
  const [params] = useSearchParams();
  return <ConfirmForApp next={params.get('next')} />;
}
