import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import { signedInFirstLoads } from './src/app/signed-in-first-loads.ts';
import { mantineStylesPerComponent } from './vite-plugins/mantine-styles-per-component.ts';
import { signedInPreloads } from './vite-plugins/signed-in-preloads.ts';

// The auth service (server/) listens on :3000; in development the SPA reaches it through this proxy,
// so `authBaseUrl: ''` (same origin) from /config.json works unchanged.
const backend = process.env.PORTAL_BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/auth', '/config.json', '/.well-known'];

/**
 * Writes `.br` and `.gz` beside every text file of the build above 1 kB, at the highest levels (a
 * one-off cost at build time), for the server to send as they are when the browser accepts them.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            if (content.length < 1024) return;
            await Promise.all([
              br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }).then(
                (c) => writeFile(`${full}.br`, c),
              ),
              gz(content, { level: 9 }).then((c) => writeFile(`${full}.gz`, c)),
            ]);
          }),
      );
    },
  };
}

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
/** The route modules of the dashboard, where every sign-in lands; their chunk group takes all they import along. */
const landingModules = new Set(signedInFirstLoads['/dashboard']!.modules.map((module) => path.join(srcDir, module)));
// `@/…` is src/: the app, shared code and features import each other's public files through it;
// relative imports stay inside one feature or folder.
const resolve = { alias: { '@': srcDir } };

/**
 * The server-render bundle (`vite build --ssr`): src/entry-server.tsx with everything it imports in one
 * file the server loads (web/dist-ssr/entry-server.js), so it needs no node_modules resolution at run time. Class
 * names match the browser build's; stylesheets are the browser build's business.
 */
const serverRenderBuild = defineConfig({
  plugins: [react()],
  resolve,
  ssr: { noExternal: true },
  // One file, which the server's render thread imports whole when it starts: a screen imported lazily
  // needs no further read of the disk.
  build: { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, rolldownOptions: { output: { codeSplitting: false } } },
});

export const browserBuild = defineConfig({
  plugins: [react(), mantineStylesPerComponent(), signedInPreloads(srcDir, signedInFirstLoads), precompress()],
  resolve,
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Few files per screen: over HTTP/1.1 a browser fetches six at a time, so fifty small chunks queue.
        // React and zod change rarely and keep their own long-lived chunks; everything /login needs is
        // one chunk besides them; where every sign-in lands (layout, session guard, dashboard) is one
        // chunk with all it uses, so the dashboard loads none of the other screens' shared code; code
        // two or more other signed-in screens share is one chunk; the rest of a screen is in its own chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 4 },
            { name: 'initial', tags: ['$initial'], priority: 3 },
            { name: 'signed-in-landing', test: (id) => landingModules.has(id), priority: 2 },
            { name: 'signed-in', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderBuild : browserBuild));
