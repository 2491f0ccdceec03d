import { Button, Group, Text, type MantineSize } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';

/** Longer than this, or made of several parts (`a; b; c`), a message takes more than a line of a table cell. */
const ONE_LINE = 80;

const isLongMessage = (text: string) => text.length > ONE_LINE || text.includes('; ');

interface OneLineMessageProps {
  text: string;
  /** What the message is about, for the toggle's accessible name: "Show all of the systems sync's message". */
  about: string;
  size?: MantineSize;
  c?: string;
}

/**
 * A message that may run to several lines (a failed sync's why and what to do) kept to one line, cut with an
 * ellipsis, with "Show all" beside it to read the rest in place. A short message is shown as it is.
 */
export function OneLineMessage({ text, about, size = 'sm', c }: OneLineMessageProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!isLongMessage(text)) {
    return (
      <Text size={size} c={c}>
        {text}
      </Text>
    );
  }
  const toggle = (
    <Button
      variant="subtle"
      size="compact-sm"
      h={28}
      px={6}
      style={{ flexShrink: 0 }}
      aria-expanded={open}
      aria-controls={id}
      aria-label={`${open ? 'Show less' : 'Show all'} of ${about}`}
      rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
      onClick={() => setOpen(!open)}
    >
      {open ? 'Show less' : 'Show all'}
    </Button>
  );
  // Cut to one line beside its toggle, or above it where the two do not fit (a phone's card); opened, the text
  // takes the whole width and the toggle goes under it (the same elements, so the toggle keeps the focus).
  return (
    <Group gap={4} wrap="wrap" align="center">
      <Text id={id} size={size} c={c} lineClamp={open ? undefined : 1} style={{ flex: open ? '1 1 100%' : '1 1 14rem', minWidth: 0 }}>
        {text}
      </Text>
      {toggle}
    </Group>
  );
}
