import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode, type SyntheticEvent } from 'react';

/** A field the last submit refused: what it is called on screen and why. */
interface InvalidField {
  path: string;
  label: string;
  message: ReactNode;
}

type Errors = Readonly<Record<string, ReactNode>>;

/**
 * Focuses a field of the form by its `data-path` (what @mantine/form's getInputProps puts on it; add it by
 * hand elsewhere), centred so the sticky header never covers it and its label and message are in view.
 */
function focusField(form: Element | null | undefined, path: string): void {
  const node = form?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
  if (!node) return;
  node.focus({ preventScroll: true });
  node.scrollIntoView({ block: 'center' });
}

/**
 * A form's failed submit, where the eye is: `refused` moves the focus to the first field in error (its
 * message is read with it), and the summary beside the submit button names every field in error until
 * they are put right. `labels` maps each field's path to its label, in the order the form shows them.
 */
export function useErrorSummary(labels: Readonly<Record<string, string>>) {
  const [shown, setShown] = useState(false);
  const refuse = (form: Element | null, errors: Errors) => {
    setShown(true);
    const first = Object.keys(labels).find((path) => errors[path]);
    if (first) focusField(form, first);
  };
  return {
    /**
     * A submit the checks refused, with the submit event: show the summary and focus the first field in
     * error. Its arguments are @mantine/form's `onSubmit` failure handler's.
     */
    refused: (errors: Errors, _values?: unknown, event?: SyntheticEvent<HTMLFormElement>) => {
      refuse(event?.target instanceof Element ? event.target.closest('form') : null, errors);
    },
    /** A submit the server refused for a field (set on the form first): the same, in `form`. */
    refusedByServer: (form: HTMLFormElement | null, errors: Errors) => refuse(form, errors),
    /** A submit that passed the checks: no summary until the next refusal. */
    passed: () => setShown(false),
    /** The fields the summary names, for the form's current errors (they go as each field is put right). */
    summary: (errors: Errors): { fields: InvalidField[] } => ({
      fields: shown
        ? Object.entries(labels)
            .filter(([path]) => errors[path])
            .map(([path, label]) => ({ path, label, message: errors[path] }))
        : [],
    }),
  };
}

/**
 * Inside a form, beside its submit button after a refused submit: each field in error, named by its label
 * as a button that takes the focus to it, and why.
 */
export function FormErrorSummary({ fields }: { fields: readonly InvalidField[] }) {
  if (fields.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="status"
      title={fields.length === 1 ? '1 field needs a change' : `${fields.length} fields need a change`}
    >
      <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
        {fields.map((field) => (
          <List.Item key={field.path}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              c="red.3"
              underline="always"
              mih={24}
              onClick={(event) => focusField(event.currentTarget.closest('form'), field.path)}
            >
              {field.label}
            </Anchor>
            <Text span size="sm">
              : {field.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
