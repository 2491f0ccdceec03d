import { ThemeIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';

/** The app's emoji, or a neutral glyph when it has none. Decorative: the name follows it. */
export function AppIcon({ icon }: { icon: string | null }) {
  return (
    <ThemeIcon size={48} radius="md" variant="default" aria-hidden style={{ flexShrink: 0 }}>
      {icon ? <span style={{ fontSize: 26, lineHeight: 1 }}>{icon}</span> : <IconApps size={26} stroke={1.6} />}
    </ThemeIcon>
  );
}
