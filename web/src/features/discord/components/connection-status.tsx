import type { DiscordStatus } from '@portal/contract';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date-time.ts';

const lastAnswer = (iso: string | null) => (iso ? `Discord last answered ${formatDateTime(iso)}.` : 'Discord has not answered yet.');

/** Whether the connection works, in sentences: the server and the bot's role, or every problem to fix. */
export function ConnectionStatus({ status }: { status: DiscordStatus }) {
  if (status.ok) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Discord works">
        <Text size="sm">
          Connected to the server {status.guild_name}; the bot’s highest role is {status.bot_role}. {lastAnswer(status.last_answer_at)}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Discord does not fully work" role="status">
      {status.guild_name && (
        <Text size="sm">
          Server {status.guild_name}
          {status.bot_role ? `; the bot’s highest role is ${status.bot_role}` : ''}.
        </Text>
      )}
      <List size="sm" spacing={2} mt={4}>
        {status.problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      <Text size="sm" mt={4}>
        {lastAnswer(status.last_answer_at)}
      </Text>
    </Alert>
  );
}
