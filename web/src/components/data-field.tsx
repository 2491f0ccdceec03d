import { DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const wrap = { overflowWrap: 'anywhere' } as const;

/** One labelled value in a card's DataList (the phone layouts of the admin tables). */
export function DataField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        <Text span c="dimmed" size="sm">
          {label}
        </Text>
      </DataList.ItemLabel>
      <DataList.ItemValue style={wrap}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
