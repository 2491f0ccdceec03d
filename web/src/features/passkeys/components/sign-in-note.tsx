import { Text } from '@mantine/core';
import { useSignInNote } from '../api/sign-in-note.ts';

/** One line on the dashboard after a passkey sign-in while SWCombine does not answer; nothing otherwise (or when it cannot be asked). */
export function SignInNote() {
  const note = useSignInNote();
  if (!note.data?.note) return null;
  return (
    <Text size="sm" c="yellow.4" role="status">
      {note.data.note}
    </Text>
  );
}
