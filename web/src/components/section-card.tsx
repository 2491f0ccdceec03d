import { Card, Stack, type CardProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { SectionHeading } from './section-heading.tsx';

interface SectionCardProps {
  title: ReactNode;
  description: ReactNode;
  padding?: CardProps['padding'];
  children: ReactNode;
}

/** A card that is a named section of its screen: its heading and description, then its content. */
export function SectionCard({ title, description, padding, children }: SectionCardProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} padding={padding}>
      <Stack gap="md">
        <SectionHeading id={id} title={title} description={description} />
        {children}
      </Stack>
    </Card>
  );
}
