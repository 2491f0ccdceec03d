import { ThemeIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';

/** The app's emoji, or a neutral glyph when it has none. Decorative: the name follows it. */
export function AppIcon({ icon, size = 48 }: { icon: string | null; size?: number }) {
  const glyph = Math.round(size * 0.54);
  return (
    <ThemeIcon size={size} radius="md" variant="default" aria-hidden style={{ flexShrink: 0 }}>
      {icon ? <span style={{ fontSize: glyph, lineHeight: 1 }}>{icon}</span> : <IconApps size={glyph} stroke={1.6} />}
    </ThemeIcon>
  );
}
