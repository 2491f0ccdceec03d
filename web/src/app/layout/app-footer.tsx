import { Box, Text } from '@mantine/core';

/** The footer text, word for word, with the current year (see docs/screens.md, Layout). */
function footerText(year: number): string {
  return `Developed by Galactic Weapon Systems | Industry Alignment Management Platform Version 0.01 © ${year} SWCombine`;
}

export function AppFooter() {
  return (
    <Box component="footer" px="md" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text ta="center" size="xs" c="dimmed">
        {footerText(new Date().getFullYear())}
      </Text>
    </Box>
  );
}
