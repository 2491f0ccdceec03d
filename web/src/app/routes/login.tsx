import { Center } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LoginCard } from '@/features/auth/components/login-card.tsx';
import { PasskeySignInButton } from '@/features/passkeys/components/passkey-sign-in-button.tsx';
import { useBrowserOrigin } from '@/lib/server-rendered.ts';
import { getRuntimeConfig } from '@/lib/runtime-config.ts';

export default function LoginRoute() {
  const origin = useBrowserOrigin();
  useDocumentTitle('Login | Industry Alignment Management Platform');
  return (
    <Center
      component="main"
      mih="100dvh"
      p="md"
      style={{
        background:
          'radial-gradient(ellipse at top, var(--mantine-color-dark-6) 0%, var(--mantine-color-dark-7) 45%, var(--mantine-color-dark-9) 100%)',
      }}
    >
      <LoginCard origin={origin} simulator={getRuntimeConfig().simulator} alternative={<PasskeySignInButton />} />
    </Center>
  );
}
