import {
  createTheme,
  type AnchorProps,
  type CardProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type PaperProps,
} from '@mantine/core';

/** Dark navy / steel: replaces Mantine's grey `dark` scale (0 = text … 7 = page … 9 = deepest). */
const navy: MantineColorsTuple = [
  '#d6dce7',
  '#b5c0d3',
  '#8b98b0',
  '#67768f',
  '#3e4b63',
  '#2d394f',
  '#1f2a3e',
  '#162032',
  '#101828',
  '#0a101c',
];

/** The one accent: a warm gold that reads well on navy (dark text on filled surfaces via autoContrast). */
const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8500',
  '#af7100',
];

export const theme = createTheme({
  colors: { dark: navy, gold },
  primaryColor: 'gold',
  primaryShade: 5,
  autoContrast: true,
  black: navy[9],
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: '700' },
  // Plain objects rather than `Card.extend(…)`: importing the components here would put them in front of every screen.
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg', shadow: 'sm' } satisfies CardProps },
    Paper: { defaultProps: { radius: 'md' } satisfies PaperProps },
    Anchor: { defaultProps: { underline: 'hover' } satisfies AnchorProps },
    // A dialog's header is a <header> in Mantine, which is a second banner landmark beside the page's own: a plain div
    // here. Its close button is an icon alone, so it is named here once for every modal and drawer.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A field in error keeps its placeholder grey: a red example reads like something typed wrong.
    Input: { vars: () => ({ wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } }) },
  },
});

/**
 * Mantine's dark-scheme error colour (red 8) reads at about 3.2:1 on cards and 3.6:1 on the page, below
 * the 4.5:1 small text needs; red 4 reads above 5:1 on every navy surface (field errors, error text).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
