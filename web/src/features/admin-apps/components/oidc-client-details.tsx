import type { OidcClient } from '@portal/contract';
import { Code, DataList, Stack, Text } from '@mantine/core';
import { BreakableText } from '@/components/breakable-text.tsx';
import { DataField } from '@/components/data-field.tsx';
import { formatDateTime, formatTimeAgo } from '@/lib/format-date-time.ts';
import { useNow } from '@/lib/use-now.ts';
import { CopyValue } from './copy-value.tsx';

const DISCOVERY_SUFFIX = '/.well-known/openid-configuration';

/** The issuer: the discovery URL without its well-known part. */
export const issuerOf = (discoveryUrl: string) =>
  discoveryUrl.endsWith(DISCOVERY_SUFFIX) ? discoveryUrl.slice(0, -DISCOVERY_SUFFIX.length) : discoveryUrl;

function ClientType({ client }: { client: OidcClient }) {
  const now = useNow();
  if (client.client_type === 'public' || !client.secret_created_at) return <Text size="sm">Public client — uses PKCE</Text>;
  return (
    <Text size="sm">
      Confidential client — secret created{' '}
      <time dateTime={client.secret_created_at} title={formatDateTime(client.secret_created_at)}>
        {formatTimeAgo(client.secret_created_at, now)}
      </time>
    </Text>
  );
}

function RedirectUris({ uris, signsInWithCode }: { uris: readonly string[]; signsInWithCode: boolean }) {
  if (uris.length === 0 && !signsInWithCode) {
    return (
      <Text size="sm" c="dimmed">
        None needed: the app does not use Sign-in with a code, the only way that sends a player back to the app.
      </Text>
    );
  }
  if (uris.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None yet: add the app&apos;s callback URL to its Sign-in return addresses (its redirect URLs), or no sign-in can come back to it.
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Redirect URIs">
      {uris.map((uri) => (
        <li key={uri}>
          <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
            <BreakableText>{uri}</BreakableText>
          </Code>
        </li>
      ))}
    </Stack>
  );
}

/**
 * What an app's OpenID Connect settings need from the portal, each ready to copy, and what it will accept.
 * `signsInWithCode`: the app uses Sign-in with a code, the one way that needs a callback URL.
 */
export function OidcClientDetails({ client, signsInWithCode }: { client: OidcClient; signsInWithCode: boolean }) {
  return (
    <Stack gap="sm">
      <DataList orientation="vertical" gap="md">
        <DataField label="Client ID">
          <CopyValue value={client.client_id} what="client ID" />
        </DataField>
        <DataField label="Discovery URL">
          <CopyValue value={client.discovery_url} what="discovery URL" />
        </DataField>
        <DataField label="Issuer">
          <CopyValue value={issuerOf(client.discovery_url)} what="issuer" />
        </DataField>
      </DataList>
      <Text size="xs" c="dimmed">
        Paste these into the app&apos;s OpenID Connect settings. Where it asks for an issuer or authority rather than a discovery URL, give
        the issuer: the discovery URL without {DISCOVERY_SUFFIX}.
      </Text>
      <DataList orientation="vertical" gap="md">
        <DataField label="Redirect URIs it accepts">
          <RedirectUris uris={client.redirect_uris} signsInWithCode={signsInWithCode} />
        </DataField>
        <DataField label="Client type">
          <ClientType client={client} />
        </DataField>
      </DataList>
    </Stack>
  );
}
