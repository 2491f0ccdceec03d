import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The auth service (server/) listens on :3000; in development the SPA reaches it through this proxy,
// so `authBaseUrl: ''` (same origin) from /config.json works unchanged.
const backend = process.env.PORTAL_BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/auth', '/config.json', '/.well-known'];

export default defineConfig({
  plugins: [react()],
  // `@/…` is src/: the app, shared code and features import each other's public files through it;
  // relative imports stay inside one feature or folder.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries every screen needs get their own long-lived chunks; the rest splits by route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
