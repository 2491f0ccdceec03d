import type { WebPreloads } from '@portal/contract';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import type { FirstLoad } from '../src/app/signed-in-first-loads.ts';

type Chunk = Rollup.OutputChunk;

/**
 * The chunks `start` imports statically, themselves included, at any depth; each after what it imports,
 * so their stylesheets keep the cascade order Vite gives them.
 */
function withStaticImports(start: Chunk[], byFile: Map<string, Chunk>): Chunk[] {
  const seen = new Set<Chunk>();
  const ordered: Chunk[] = [];
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
    ordered.push(chunk);
  };
  start.forEach(visit);
  return ordered;
}

/**
 * Writes preloads.json (the contract's `WebPreloads`) beside index.html: for each path of `firstLoads`,
 * the chunks and stylesheets of its route modules that index.html does not load already, and its
 * first requests. The server names them in index.html for a visitor with a session cookie
 * (server/src/web/preloads.ts). A listed module found in no chunk fails the build.
 */
export function signedInPreloads(srcDir: string, firstLoads: Record<string, FirstLoad>): Plugin {
  let base = '/';
  return {
    name: 'signed-in-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const initial = new Set(
        withStaticImports(
          chunks.filter((chunk) => chunk.isEntry),
          byFile,
        ),
      );
      const cssOf = (chunk: Chunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
      const initialStyles = new Set([...initial].flatMap(cssOf));
      const preloads: WebPreloads = {};
      for (const [pathname, { modules, requests }] of Object.entries(firstLoads)) {
        const routeChunks = modules.map((module) => {
          const chunk = byModule.get(path.join(srcDir, module));
          if (!chunk) this.error(`signed-in preloads: ${module} (for ${pathname}) is in no chunk: renamed or moved?`);
          return chunk;
        });
        const needed = withStaticImports(routeChunks, byFile).filter((chunk) => !initial.has(chunk));
        const styles = new Set(needed.flatMap(cssOf).filter((css) => !initialStyles.has(css)));
        preloads[pathname] = {
          modules: needed.map((chunk) => `${base}${chunk.fileName}`),
          styles: [...styles].map((file) => `${base}${file}`),
          requests,
        };
      }
      this.emitFile({ type: 'asset', fileName: 'preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
