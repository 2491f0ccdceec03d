import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { BreakableText } from '@/components/breakable-text.tsx';

interface CopyValueProps {
  value: string;
  /** What is copied, in the button's name: 'client ID' gives 'Copy client ID'. */
  what: string;
  /** A URL or name breaks after its separators; a secret (one opaque word) anywhere. */
  opaque?: boolean;
}

/** A value to paste elsewhere, in monospace and wrapping anywhere, with its copy button beside it. */
export function CopyValue({ value, what, opaque = false }: CopyValueProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }} fz="sm">
        {opaque ? value : <BreakableText>{value}</BreakableText>}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow position="left">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              c={copied ? 'teal.4' : 'dark.1'}
              onClick={copy}
              aria-label={`Copy ${what}`}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
