import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** The screen's one h1; also names the browser tab after it. */
export function PageHeader({ title, description }: PageHeaderProps) {
  useDocumentTitle(`${title} | Industry Alignment Management Platform`);
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
  );
}
