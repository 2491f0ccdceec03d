import type { WebPreloads } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { signedInPreloads } from './signed-in-preloads.ts';

/** A chunk as the bundler hands it over: only what the plugin reads. */
function chunk(fileName: string, opts: { module?: string; isEntry?: boolean; imports?: string[]; css?: string[] } = {}) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: opts.module ? `/web/src/${opts.module}` : null,
    isEntry: opts.isEntry ?? false,
    imports: opts.imports ?? [],
    viteMetadata: { importedCss: new Set(opts.css ?? []), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

// An entry with React beside it; a layout and a screen sharing one chunk (and its stylesheet) that imports React too.
const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', { module: 'main.tsx', isEntry: true, imports: ['assets/react-1.js'], css: ['assets/index-1.css'] }),
    chunk('assets/react-1.js'),
    chunk('assets/shared-1.js', { imports: ['assets/react-1.js'], css: ['assets/shared-1.css'] }),
    chunk('assets/layout-1.js', {
      module: 'app/layout.tsx',
      imports: ['assets/shared-1.js', 'assets/index-1.js'],
      css: ['assets/layout-1.css'],
    }),
    chunk('assets/dashboard-1.js', { module: 'app/dashboard.tsx', imports: ['assets/shared-1.js'] }),
  ].map((c) => [c.fileName, c]),
);

function build(firstLoads: Record<string, { modules: string[]; requests: string[] }>): WebPreloads {
  const plugin = signedInPreloads('/web/src', firstLoads);
  let written = '';
  const context = {
    emitFile: ({ source }: { source: string }) => (written = source),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
  (plugin.generateBundle as unknown as (this: typeof context, options: object, bundle: Rollup.OutputBundle) => void).call(
    context,
    {},
    bundle,
  );
  return JSON.parse(written) as WebPreloads;
}

describe('preloads.json from the bundle', () => {
  it("lists a path's route chunks with what they import, imports first, leaving out what index.html loads", () => {
    const preloads = build({ '/dashboard': { modules: ['app/layout.tsx', 'app/dashboard.tsx'], requests: ['/api/me', '/api/apps'] } });
    expect(preloads).toEqual({
      '/dashboard': {
        modules: ['/assets/shared-1.js', '/assets/layout-1.js', '/assets/dashboard-1.js'],
        // In the order the app loads them: a chunk's own rules come after those of what it builds on.
        styles: ['/assets/shared-1.css', '/assets/layout-1.css'],
        requests: ['/api/me', '/api/apps'],
      },
    });
  });

  it('fails the build when a listed module is no chunk of its own (renamed, or merged into another)', () => {
    expect(() => build({ '/profile': { modules: ['app/profile.tsx'], requests: [] } })).toThrow(
      /app\/profile\.tsx \(for \/profile\) is not a chunk/,
    );
  });
});
