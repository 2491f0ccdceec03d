import { isSwcSignInScope, SWC_SIGN_IN_SCOPE_REASON } from '@portal/contract';
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { RemovableChip } from '@/components/removable-chip.tsx';

interface ScopeChipProps {
  scope: string;
  /** Any change in flight: every revoke waits. */
  busy: boolean;
  onRevoke: (scope: string) => void;
}

/** A granted scope with its 'revoke' button; the sign-in scopes cannot be revoked and say why. */
export function ScopeChip({ scope, busy, onRevoke }: ScopeChipProps) {
  const locked = isSwcSignInScope(scope);
  const button = (
    <Button
      // compact-sm is 26 px high: a finger's 24 px at least (WCAG 2.5.8), as high as the chip.
      size="compact-sm"
      radius="xl"
      variant={locked ? 'transparent' : 'light'}
      color={locked ? 'gray' : 'red'}
      leftSection={locked ? <IconLock size={12} aria-hidden /> : undefined}
      disabled={busy || locked}
      onClick={() => onRevoke(scope)}
      aria-describedby={locked ? 'swc-sign-in-scope-reason' : undefined}
    >
      revoke <VisuallyHidden>{scope}</VisuallyHidden>
    </Button>
  );
  return (
    <RemovableChip
      action={
        locked ? (
          <Tooltip label={SWC_SIGN_IN_SCOPE_REASON} multiline w={240} withArrow>
            {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        )
      }
    >
      {scope}
    </RemovableChip>
  );
}
