import { parseUidList } from '@portal/contract';
import { Alert, Text, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

function found(text: string): string {
  const { uids } = parseUidList(text);
  return uids.length === 0 ? '' : uids.length === 1 ? '1 UID found.' : `${uids.length} UIDs found.`;
}

/**
 * Where an admin enters SWCombine character UIDs: one (Users → Add user) or a pasted list, one per line or
 * separated by spaces or commas, with how many were found (a group's Add players).
 */
export function UidEntry({ multiple, field }: { multiple: boolean; field: GetInputPropsReturnType }) {
  if (!multiple) {
    return <TextInput label="UID" placeholder="1:12345" withAsterisk autoComplete="off" spellCheck={false} styles={MONOSPACE} {...field} />;
  }
  return (
    <>
      <Textarea
        label="UIDs"
        placeholder={'1:100002\n1:100003, 1:100004'}
        withAsterisk
        autosize
        minRows={3}
        maxRows={10}
        autoComplete="off"
        spellCheck={false}
        styles={MONOSPACE}
        {...field}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {found(String(field.value ?? ''))}
      </Text>
    </>
  );
}

/**
 * UIDs just added that SWCombine never named to the portal (no sign-in, on no roster it reads). SWCombine says
 * who a character is only to that character, so a mistyped UID cannot be caught: the admin is asked to check.
 */
export function UnknownUidsNotice({ uids }: { uids: readonly string[] }) {
  if (uids.length === 0) return null;
  const one = uids.length === 1;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={one ? `${uids[0]} is not a character the portal knows` : `${uids.length} UIDs are not characters the portal knows`}
    >
      <Text size="sm">
        {one ? 'It was' : `${uids.slice(0, 10).join(', ')}${uids.length > 10 ? ` and ${uids.length - 10} more` : ''} were`} added, but
        SWCombine has never named {one ? 'it' : 'them'} here: no sign-in, and on no faction roster the portal reads. SWCombine tells who a
        character is only to that character, so check {one ? 'the UID' : 'the UIDs'} in the game. A player is named at their first sign-in
        or the next roster read that lists them.
      </Text>
    </Alert>
  );
}
