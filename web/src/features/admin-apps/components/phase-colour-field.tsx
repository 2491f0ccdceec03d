import { isPhaseColor, PHASE_COLOR_NAMES } from '@portal/contract';
import { ColorSwatch, Group, Stack, TextInput, Tooltip, type TextInputProps } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { memo } from 'react';

/** How a colour the phase may take is drawn: a theme colour by its name, else the hex colour itself. */
const cssColour = (value: string) =>
  (PHASE_COLOR_NAMES as readonly string[]).includes(value) ? `var(--mantine-color-${value}-filled)` : value;

interface PhaseColourFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The phase colour: one of the theme's colour names picked from its swatch (each a toggle button named
 * after its colour), or typed (a name or a hex colour); the field's own swatch shows what the card will draw.
 */
export const PhaseColourField = memo(function PhaseColourField({ value, onChange, label, ...field }: PhaseColourFieldProps) {
  const typed = value.trim();
  const shown = typed && isPhaseColor(typed) ? cssColour(typed) : 'var(--mantine-color-blue-filled)';
  return (
    <Stack gap={8}>
      <TextInput
        label={label}
        placeholder="blue"
        autoComplete="off"
        leftSection={<ColorSwatch color={shown} size={16} aria-hidden />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...field}
      />
      <Group gap={6} role="group" aria-label={`${String(label)}: pick a colour`}>
        {PHASE_COLOR_NAMES.map((name) => {
          const picked = typed === name;
          return (
            <Tooltip key={name} label={name} withArrow openDelay={300}>
              <ColorSwatch
                component="button"
                type="button"
                color={cssColour(name)}
                size={28}
                aria-label={name}
                aria-pressed={picked}
                onClick={() => onChange(name)}
                style={{
                  cursor: 'pointer',
                  // The navy and grey swatches would melt into the card without it.
                  border: '1px solid var(--mantine-color-dark-2)',
                  outline: picked ? '2px solid var(--mantine-color-dark-0)' : undefined,
                  outlineOffset: 2,
                }}
              >
                {picked && <IconCheck size={16} color="white" style={{ filter: 'drop-shadow(0 0 1px black)' }} aria-hidden />}
              </ColorSwatch>
            </Tooltip>
          );
        })}
      </Group>
    </Stack>
  );
});
