import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesPerComponent } from './mantine-styles-per-component.ts';

const require = createRequire(import.meta.url);
const coreRoot = path.dirname(require.resolve('@mantine/core/styles.css'));

function transform(id: string): string | null {
  const hook = mantineStylesPerComponent().transform as (code: string, id: string) => { code: string } | null;
  return hook('export default { root: "m_1" };', id)?.code ?? null;
}

describe('Mantine stylesheets per component', () => {
  it("makes a component's class-name module import that component's stylesheet", () => {
    const id = path.join(coreRoot, 'esm/components/Button/Button.module.mjs');
    expect(transform(id)).toContain("import '@mantine/core/styles/Button.css';");
    expect(transform(path.join(coreRoot, 'esm/components/Button/Button.mjs'))).toBeNull();
  });

  // A Mantine upgrade that renamed a stylesheet would otherwise leave that component unstyled, with no error.
  it('finds a stylesheet for every class-name module Mantine ships', () => {
    const modules = readdirSync(path.join(coreRoot, 'esm'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.module.mjs'));
    expect(modules.length).toBeGreaterThan(50);
    const missing = modules
      .map((f) => path.basename(f, '.module.mjs'))
      .filter((name) => !existsSync(path.join(coreRoot, 'styles', `${name}.css`)));
    expect(missing).toEqual([]);
  });
});
