import { cleanGrantValue } from '@portal/contract';
import { Button, Card, CloseButton, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconPlus, type Icon } from '@tabler/icons-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { RemovableChip } from '@/components/removable-chip.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';

interface GrantGroupProps {
  title: string;
  description: string;
  /** Drawn in the group's tinted square beside the title. */
  icon: Icon;
  items: readonly string[];
  empty: string;
  inputLabel: string;
  placeholder: string;
  /** The contract's rule for a granted value: what the server would refuse is said at the field before sending. */
  field: z.ZodType<string, string>;
  /** Any change of this user and app in flight: every action waits. */
  busy: boolean;
  /** This group's own grant is in flight: its button says so. */
  granting: boolean;
  onGrant: (value: string, done: () => void) => void;
  onRevoke: (value: string) => void;
}

/** One chip group (scopes or roles) with its 'Revoke {item}' buttons and its grant form. */
export function GrantGroup({
  title,
  description,
  icon: Icon,
  items,
  empty,
  inputLabel,
  placeholder,
  field,
  busy,
  granting,
  onGrant,
  onRevoke,
}: GrantGroupProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = useErrorSummary(useMemo(() => ({ value: inputLabel }), [inputLabel]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Trimmed; an empty value is ignored.
    const cleaned = cleanGrantValue(value);
    if (!cleaned) {
      setValue('');
      return;
    }
    const checked = field.safeParse(cleaned);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'This value cannot be granted.';
      setProblem(message);
      refusal.refused({ value: message }, null, event);
      return;
    }
    refusal.passed();
    onGrant(checked.data, () => setValue(''));
  };

  return (
    <Card component="section" aria-labelledby={id} h="100%">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <SectionHeading id={id} title={title} description={description} />
        </Group>

        {items.length === 0 ? (
          <Text size="sm" c="dimmed" fs="italic">
            {empty}
          </Text>
        ) : (
          <Group gap="xs" role="list" aria-label={title}>
            {items.map((item) => (
              <RemovableChip
                key={item}
                action={
                  <CloseButton
                    // 24 px: the least a finger can be asked to hit (WCAG 2.5.8); the chip is 26 px high.
                    size={24}
                    iconSize={14}
                    radius="xl"
                    variant="transparent"
                    aria-label={`Revoke ${item}`}
                    disabled={busy}
                    onClick={() => onRevoke(item)}
                  />
                }
              >
                {item}
              </RemovableChip>
            ))}
          </Group>
        )}

        <form onSubmit={submit} noValidate style={{ marginTop: 'auto' }}>
          <Stack gap="sm">
            {/* On a narrow card the button wraps below, so the field keeps room for its whole placeholder. */}
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={inputLabel}
                placeholder={placeholder}
                value={value}
                onChange={(event) => {
                  setValue(event.currentTarget.value);
                  setProblem(null);
                }}
                error={problem}
                data-path="value"
                autoComplete="off"
                style={{ flex: '1 1 220px', minWidth: 0 }}
              />
              <Button type="submit" disabled={busy} leftSection={granting ? undefined : <IconPlus size={16} aria-hidden />} miw={110}>
                {granting ? 'Working...' : 'Grant'}
              </Button>
            </Group>
            <FormErrorSummary {...refusal.summary({ value: problem })} />
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
