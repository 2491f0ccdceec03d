// The server-render bundle (`vite build --ssr`, web/dist-ssr/): the server loads it to send the first
// screens players open, /login and /dashboard, as markup that paints before any script has run; the
// browser then hydrates it (main.tsx). Other screens are rendered in the browser only.
import type { ServerRenderBundle, ServerRenderInput, ServerRenderState } from '@portal/contract';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadRouteCode, prefetchRouteData } from './app/route-preload.ts';
import { AppRoutes, appRoutes } from './app/router.tsx';
import { signedInFirstLoads } from './app/signed-in-first-loads.ts';
import { discardEarlyGets, provideEarlyAnswers } from './lib/api-request.ts';
import { setRenderedOrigin } from './lib/server-rendered.ts';
import { setRuntimeConfig } from './lib/runtime-config.ts';

export const pages: ServerRenderBundle['pages'] = {
  // A guest's sign-in page: nothing to ask (the guest guard's /api/me runs in the browser).
  '/login': { signedIn: false, requests: [] },
  '/dashboard': { signedIn: true, requests: signedInFirstLoads['/dashboard']!.requests },
};

/** Waits for every query the route's prefetches started: each reads an answer already here, so this is a few ticks. */
async function settled(client: QueryClient): Promise<void> {
  for (let tick = 0; client.isFetching() > 0; tick++) {
    if (tick > 1000) throw new Error('the page’s queries did not settle on their given answers');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function render({ pathname, origin, config, answers }: ServerRenderInput) {
  if (!pages[pathname]) return null;
  setRuntimeConfig(config);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  provideEarlyAnswers(answers);
  try {
    prefetchRouteData(appRoutes, pathname, queryClient);
    await preloadRouteCode(appRoutes, pathname);
    await settled(queryClient);
  } finally {
    discardEarlyGets();
  }
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return null;
  // Synchronous from here: the origin is this render's until the markup is made.
  setRenderedOrigin(origin);
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  const state: ServerRenderState = { config, origin, queries: dehydrate(queryClient) };
  return { html, state };
}

/** Early answers are kept by path for the whole app, so renders take turns: one visitor's never reach another's page. */
let turn: Promise<unknown> = Promise.resolve();

export const renderPage: ServerRenderBundle['renderPage'] = (input) => {
  const result = turn.then(() => render(input));
  turn = result.catch(() => undefined);
  return result;
};
