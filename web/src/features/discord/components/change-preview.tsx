import type { CountedSample } from '@portal/contract';
import { Alert, List, Stack, Text } from '@mantine/core';

interface PreviewPart {
  title: string;
  counted: CountedSample;
}

/** What a save or a reconcile would change, before it does: each part's count and its first names. */
export function ChangePreview({ title, noun, parts }: { title: string; noun: [one: string, many: string]; parts: PreviewPart[] }) {
  const counted = (count: number) => (count === 0 ? 'nobody' : count === 1 ? `1 ${noun[0]}` : `${count} ${noun[1]}`);
  return (
    <Alert color="blue" variant="light" title={title} role="status">
      <Stack gap="xs">
        {parts.map(({ title: part, counted: { count, sample } }) => (
          <Stack gap={2} key={part}>
            <Text size="sm" fw={600}>
              {part}: {counted(count)}
            </Text>
            {sample.length > 0 && (
              <List size="sm" spacing={2}>
                {sample.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
                {count > sample.length && <List.Item>and {count - sample.length} more</List.Item>}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
