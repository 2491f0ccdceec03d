import type { Plugin } from 'vite';

/** `@mantine/core/esm/components/Button/Button.module.mjs`: the class names of one component's stylesheet. */
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet split by component: the module holding a component's class names imports that
 * component's stylesheet (`@mantine/core/styles/Button.css`), so the CSS travels with the JS chunk that
 * renders it, after the stylesheets of the components it builds on, instead of one 290 kB `styles.css`
 * in front of every screen. The base styles (baseline, variables, global) are imported by main.tsx.
 * Build only: the dev server pre-bundles Mantine, so main.tsx imports the whole stylesheet there.
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'mantine-styles-per-component',
    apply: 'build',
    transform(code, id) {
      const component = CLASS_NAMES_MODULE.exec(id)?.[1];
      if (!component) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${component}.css';\n`, map: null };
    },
  };
}
