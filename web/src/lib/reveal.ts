import type { CSSProperties } from 'react';

/**
 * Scrolled to, an element stops below the sticky header (whose height, simulator strip included, is
 * Mantine's --app-shell-header-offset) instead of under it.
 */
export const clearOfHeader: CSSProperties = {
  scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))',
  scrollMarginBottom: 'var(--mantine-spacing-md)',
};

/** Brings an element (styled `clearOfHeader`) into view: 'nearest' scrolls only as far as it takes. */
export function reveal(element: Element | null, block: ScrollLogicalPosition = 'nearest'): void {
  element?.scrollIntoView({ behavior: 'smooth', block });
}
