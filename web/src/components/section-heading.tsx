import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  /** Lets the section name itself with `aria-labelledby`. */
  id?: string;
  title: ReactNode;
  description: ReactNode;
}

/** A section's h2 with the dimmed sentence under it that says what the section is for. */
export function SectionHeading({ id, title, description }: SectionHeadingProps) {
  return (
    <Stack gap={2}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
