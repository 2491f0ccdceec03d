import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** The screen above this one (the Admin Panel above its sub-pages): a breadcrumb back to it. */
  parent?: { label: string; to: string };
}

/** The screen's one h1; also names the browser tab after it. */
export function PageHeader({ title, description, parent }: PageHeaderProps) {
  useDocumentTitle(`${title} | Industry Alignment Management Platform`);
  return (
    <Stack gap={4}>
      {parent && (
        <Breadcrumbs component="nav" aria-label="Breadcrumb" separatorMargin={6} fz="sm">
          {/* At least 24 px high: a tap target a finger can hit. */}
          <Anchor
            component={Link}
            to={parent.to}
            size="sm"
            fw={500}
            mih={24}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
          >
            <IconChevronLeft size={16} aria-hidden />
            {parent.label}
          </Anchor>
          <Text span size="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
      )}
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
