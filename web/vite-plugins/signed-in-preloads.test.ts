import type { WebPreloads } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { signedInPreloads } from './signed-in-preloads.ts';

/** A chunk as the bundler hands it over: only what the plugin reads. */
function chunk(fileName: string, opts: { modules?: string[]; isEntry?: boolean; imports?: string[]; css?: string[] } = {}) {
  return {
    type: 'chunk',
    fileName,
    moduleIds: (opts.modules ?? []).map((module) => `/web/src/${module}`),
    isEntry: opts.isEntry ?? false,
    imports: opts.imports ?? [],
    viteMetadata: { importedCss: new Set(opts.css ?? []), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

// An entry with React beside it; a layout and a screen sharing one chunk (and its stylesheet) that imports
// React too; a guard and a second screen grouped into one chunk.
const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', { modules: ['main.tsx'], isEntry: true, imports: ['assets/react-1.js'], css: ['assets/index-1.css'] }),
    chunk('assets/react-1.js'),
    chunk('assets/shared-1.js', { imports: ['assets/react-1.js'], css: ['assets/shared-1.css'] }),
    chunk('assets/layout-1.js', {
      modules: ['app/layout.tsx'],
      imports: ['assets/shared-1.js', 'assets/index-1.js'],
      css: ['assets/layout-1.css'],
    }),
    chunk('assets/dashboard-1.js', { modules: ['app/dashboard.tsx'], imports: ['assets/shared-1.js'] }),
    chunk('assets/grouped-1.js', { modules: ['app/guard.tsx', 'app/profile.tsx', 'lib/util.ts'], imports: ['assets/react-1.js'] }),
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

  it('names a chunk that holds several listed modules once', () => {
    const preloads = build({ '/profile': { modules: ['app/layout.tsx', 'app/guard.tsx', 'app/profile.tsx'], requests: ['/api/me'] } });
    expect(preloads['/profile']!.modules).toEqual(['/assets/shared-1.js', '/assets/layout-1.js', '/assets/grouped-1.js']);
  });

  it('fails the build when a listed module is in no chunk (renamed or moved)', () => {
    expect(() => build({ '/swc/consents': { modules: ['app/swc-consents.tsx'], requests: [] } })).toThrow(
      /app\/swc-consents\.tsx \(for \/swc\/consents\) is in no chunk/,
    );
  });
});
