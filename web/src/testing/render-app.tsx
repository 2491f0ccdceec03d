import type { RuntimeConfig } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type Location } from 'react-router';
import { afterEach } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { createQueryClient } from '@/app/query-client.ts';
import { appRoutes } from '@/app/router.tsx';
import { setRuntimeConfig } from '@/lib/runtime-config.ts';
import { testConfig } from './fixtures.ts';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** The whole app (providers, guards, layout, lazy routes) on a memory router at `path`. */
export function renderApp(path: string, config: Partial<RuntimeConfig> = {}) {
  setRuntimeConfig({ ...testConfig, ...config });
  const queryClient = createQueryClient();
  clients.push(queryClient);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const locations: Location[] = [router.state.location];
  router.subscribe((state) => {
    if (state.location.key !== locations.at(-1)?.key) locations.push(state.location);
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    user,
    router,
    queryClient,
    /** Every location the router went to, in order, starting with `path`. */
    visited: () => locations.map((l) => l.pathname),
    pathname: () => router.state.location.pathname,
  };
}

/** One screen on its own (no guards, no layout), for states the guards never let through. */
export function renderScreen(ui: ReactNode, config: Partial<RuntimeConfig> = {}) {
  setRuntimeConfig({ ...testConfig, ...config });
  const queryClient = createQueryClient();
  clients.push(queryClient);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}
