import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULT_THEME, Drawer, Modal, TextInput } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers.tsx';
import { theme } from './theme.ts';

const colors = { ...DEFAULT_THEME.colors, ...theme.colors };
const mantineStyles = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** A variable's value in the dark-scheme blocks of a stylesheet, if it sets it. */
function darkValue(css: string, variable: string): string | undefined {
  for (const [, block] of css.matchAll(/data-mantine-color-scheme=["']dark["']\]\)?\s*\{([^}]*)\}/g)) {
    const value = block!.match(new RegExp(`${variable}:\\s*([^;]+)`))?.[1];
    if (value) return value.trim();
  }
  return undefined;
}

/** The colour the browser uses for a Mantine variable in the dark scheme: the provider's override, else Mantine's stylesheet. */
function darkSchemeColor(variable: string): string {
  const injected = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
  const value = darkValue(injected, variable) ?? darkValue(mantineStyles, variable);
  const shade = value?.match(/^var\(--mantine-color-(\w+)-(\d)\)$/);
  if (!shade) throw new Error(`${variable} is not a theme colour in the dark scheme: ${value}`);
  return colors[shade[1]!]![Number(shade[2])]!;
}

describe('dark theme', () => {
  it('writes field errors and error text at 4.5:1 or more on the page, cards and inputs', () => {
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <p>page</p>
      </AppProviders>,
    );
    const error = darkSchemeColor('--mantine-color-error');
    const navy = colors.dark;
    for (const surface of [navy[6], navy[7], navy[8]]) expect(contrast(error, surface)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('dialogs', () => {
  it('name the close button of every modal and drawer, and add no second banner landmark', () => {
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <header>The page's header</header>
        <Modal opened onClose={() => undefined} title="A modal">
          body
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          body
        </Drawer>
      </AppProviders>,
    );
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});

describe('fields', () => {
  it('keep an example grey when the field is in error, so it does not read as something typed wrong', () => {
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <TextInput label="UID" placeholder="1:12345" error="Enter a UID" />
      </AppProviders>,
    );
    const wrapper = screen.getByPlaceholderText('1:12345').parentElement!;
    expect(wrapper).toHaveAttribute('data-error', 'true');
    expect(wrapper.style.getPropertyValue('--input-placeholder-color')).toBe('var(--mantine-color-placeholder)');
  });
});
