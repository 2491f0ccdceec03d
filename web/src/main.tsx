// Mantine's base styles (its CSS variables come from MantineProvider); each component's own stylesheet
// comes with the chunk that uses it (web/vite-plugins/mantine-styles-per-component.ts), so /login does
// not load the admin screens' CSS.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadRouteCode, prefetchRouteData } from './app/route-preload.ts';
import { appRoutes } from './app/router.tsx';
import { signedInFirstLoads } from './app/signed-in-first-loads.ts';
import { discardEarlyGets, startEarlyGets } from './lib/api-request.ts';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/runtime-config.ts';

// The dev server does not split Mantine's stylesheet per component: it serves the whole one.
if (import.meta.env.DEV) void import('@mantine/core/styles.css');

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();
const { pathname } = window.location;

// Everything the first screen needs starts at once: its chunks now, /config.json (preloaded by index.html),
// then its first API calls (/api/me, the dashboard's apps), before its code has arrived. (For a visitor
// with a session cookie the server's index.html has started all of these already: the browser hands those
// answers over.) The first render waits for the code and for the answers that have already arrived, not
// for those still on their way: a signed-in screen paints its layout straight away instead of a loader,
// and with its data when the answers came first, without rendering twice.
const code = preloadRouteCode(appRoutes, pathname);
loadRuntimeConfig().then(
  async (config) => {
    setRuntimeConfig(config);
    const early = startEarlyGets(signedInFirstLoads[pathname]?.requests ?? []);
    prefetchRouteData(appRoutes, pathname, queryClient);
    await code;
    await early.arrived();
    // Each screen's prefetch has taken its answers by now (it runs as its chunk arrives).
    discardEarlyGets();
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  },
  async (error: unknown) => {
    console.error('Could not load /config.json', error);
    const { StartupError } = await import('./app/startup-error.tsx');
    root.render(
      <AppProviders queryClient={queryClient}>
        <StartupError />
      </AppProviders>,
    );
  },
);
