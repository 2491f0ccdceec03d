import type { App } from '@portal/contract';
import { Alert, Box, Button, Code, CopyButton, Divider, Group, Mark, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { SectionCard } from '@/components/section-card.tsx';
import { authServiceOrigin } from '@/lib/auth-urls.ts';
import {
  admitsItsPages,
  forwardAuthSnippets,
  IN_CLUSTER_AUTH,
  PLACEHOLDER_PATTERN,
  PLACEHOLDERS,
  type Snippet,
} from './forward-auth-snippets.ts';
import { GrantTypesSettings } from './grant-types-settings.tsx';
import { OidcClientPanel, useClientSecretChanges } from './oidc-client-panel.tsx';

function SnippetBlock({ snippet }: { snippet: Snippet }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0} miw={0} style={{ flex: '1 1 220px' }}>
          <Text fw={600}>{snippet.ingress}</Text>
          <Text size="sm" c="dimmed">
            {snippet.where}
          </Text>
        </Stack>
        <CopyButton value={snippet.code} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              aria-label={copied ? 'Copied' : `Copy the ${snippet.ingress} configuration`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* Long lines wrap on screen (a phone's); Copy and a selection both take them as they are, unbroken. */}
      <Box role="region" aria-label={`${snippet.ingress} configuration`}>
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {snippet.code.split(PLACEHOLDER_PATTERN).map((part, i) =>
            // split() puts each placeholder at an odd index.
            i % 2 === 1 ? (
              <Mark key={i} color="gold" px={2}>
                {part}
              </Mark>
            ) : (
              part
            ),
          )}
        </Code>
      </Box>
    </Stack>
  );
}

/** Behind an ingress: the forward-auth configuration of the three ingresses, with this app's values. */
function ForwardAuth({ app }: { app: App }) {
  const snippets = forwardAuthSnippets(app, authServiceOrigin());
  return (
    <SectionCard
      title="Behind an ingress (forward auth)"
      description="The ingress asks the portal on every request whether the visitor may open the app, and sends the app who they are. Paste the configuration of your ingress; each is filled in with this app's values."
    >
      {!admitsItsPages(app) && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Add the app's address first">
          Forward auth sends players back only to the app&apos;s own pages: add its address ending in / (for example{' '}
          <Code>https://{app.key}.example.com/</Code>) to Sign-in return addresses on the Details tab.
        </Alert>
      )}
      <Text size="sm">
        Marked words such as <Code>{PLACEHOLDERS.namespace}</Code> and <Code>{PLACEHOLDERS.port}</Code> are placeholders: put in where the
        app runs in your cluster before pasting. The portal&apos;s own address inside the cluster, <Code>{IN_CLUSTER_AUTH.url}</Code>, is
        the one deploy/kubernetes gives it.
      </Text>
      <Stack gap="lg">
        {snippets.map((snippet) => (
          <SnippetBlock key={snippet.ingress} snippet={snippet} />
        ))}
      </Stack>
    </SectionCard>
  );
}

/** With a login of its own: the app as an OpenID Connect client, as the catalog's dialog shows it. */
function OpenIdConnect({ app }: { app: App }) {
  const changes = useClientSecretChanges(app);
  return (
    <SectionCard
      title="With its own login (OpenID Connect)"
      description="Apps such as Grafana, Gitea or Nextcloud sign players in through the portal's OpenID Provider; so do bots and tools, with a device code or as a machine client."
    >
      <GrantTypesSettings app={app} />
      <Divider />
      <OidcClientPanel app={app} changes={changes} />
    </SectionCard>
  );
}

/** The app page's Sign-in tab: the two ways an app lets the portal sign its players in. */
export function AppSignIn({ app }: { app: App }) {
  return (
    <Stack gap="lg">
      <ForwardAuth app={app} />
      <OpenIdConnect app={app} />
    </Stack>
  );
}
