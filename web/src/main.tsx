// Mantine's base styles (its CSS variables come from MantineProvider); each component's own stylesheet
// comes with the chunk that uses it (web/vite-plugins/mantine-styles-per-component.ts), so /login does
// not load the admin screens' CSS.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadRouteCode, prefetchRouteData } from './app/route-preload.ts';
import { appRoutes } from './app/router.tsx';
import { signedInFirstLoads } from './app/signed-in-first-loads.ts';
import { discardEarlyGets, startEarlyGets } from './lib/api-request.ts';
import { setRenderedOrigin } from './lib/server-rendered.ts';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/runtime-config.ts';
import { takeServerRenderState } from './lib/server-render-state.ts';

// The dev server does not split Mantine's stylesheet per component: it serves the whole one.
if (import.meta.env.DEV) void import('@mantine/core/styles.css');

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const { pathname } = window.location;
const code = preloadRouteCode(appRoutes, pathname);
const rendered = takeServerRenderState();

if (rendered) {
  // The server sent this screen rendered (/login, /dashboard: it shows before any script has run) with
  // the config and answers it was made from: once the route's code is here the same tree takes it over.
  setRuntimeConfig(rendered.config);
  setRenderedOrigin(rendered.origin);
  hydrate(queryClient, rendered.queries as DehydratedState);
  void code.then(() =>
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
} else {
  renderInBrowser();
}

/**
 * Everything the first screen needs starts at once: its chunks (above), /config.json (preloaded by
 * index.html), then its first API calls (/api/me, the dashboard's apps), before its code has arrived.
 * (For a visitor with a session cookie the server's index.html has started all of these already: the
 * browser hands those answers over.) The first render waits for the code and for the answers that have
 * already arrived, not for those still on their way: a signed-in screen paints its layout straight away
 * instead of a loader, and with its data when the answers came first, without rendering twice.
 */
function renderInBrowser() {
  const root = createRoot(container);
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
}
