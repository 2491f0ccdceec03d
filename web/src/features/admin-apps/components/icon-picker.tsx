import { APP_ICONS } from '@portal/contract';
import { Chip, Group, Input, Stack } from '@mantine/core';
import { memo, useId, type ReactNode } from 'react';

interface IconPickerProps {
  /** One of APP_ICONS, or '' for no icon. */
  value: string;
  onChange: (icon: string) => void;
  error?: ReactNode;
}

/** The 27 emoji of the contract, or none, as one radio group (Tab reaches it, the arrow keys move within it). */
export const IconPicker = memo(function IconPicker({ value, onChange, error }: IconPickerProps) {
  const id = useId();
  return (
    <Stack gap={6}>
      <div>
        <Input.Label id={`${id}-label`} labelElement="div">
          Icon
        </Input.Label>
        <Input.Description>Shown on the app&apos;s dashboard card.</Input.Description>
      </div>
      <Chip.Group value={value} onChange={onChange}>
        <Group role="radiogroup" aria-labelledby={`${id}-label`} gap={6}>
          <Chip value="" name={`${id}-icon`} icon={null} variant="light" styles={{ label: { paddingInline: 'var(--chip-padding)' } }}>
            No icon
          </Chip>
          {APP_ICONS.map((icon) => (
            <Chip
              key={icon}
              value={icon}
              name={`${id}-icon`}
              icon={null}
              variant="light"
              styles={{ label: { paddingInline: 0, width: 40, justifyContent: 'center', fontSize: 20 } }}
            >
              {icon}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error && <Input.Error role="alert">{error}</Input.Error>}
    </Stack>
  );
});
