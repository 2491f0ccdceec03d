import type { RuntimeConfig } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router';
import { afterEach } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { createQueryClient } from '@/app/query-client.ts';
import { AppRoutes } from '@/app/router.tsx';
import { setRuntimeConfig } from '@/lib/runtime-config.ts';
import { testConfig } from './fixtures.ts';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** Records every location the router goes to and how it got there. */
function LocationSpy({ seen }: { seen: { location: Location; action: NavigationType }[] }) {
  const location = useLocation();
  const action = useNavigationType();
  useEffect(() => {
    if (location.key !== seen.at(-1)?.location.key) seen.push({ location, action });
  }, [seen, location, action]);
  return null;
}

/** The whole app (providers, guards, layout, lazy routes) on a memory router at `path`. */
export function renderApp(path: string, config: Partial<RuntimeConfig> = {}) {
  setRuntimeConfig({ ...testConfig, ...config });
  const queryClient = createQueryClient();
  clients.push(queryClient);
  const seen: { location: Location; action: NavigationType }[] = [];
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy seen={seen} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...view,
    user,
    queryClient,
    /** Every location the router went to, in order, starting with `path`. */
    visited: () => seen.map((s) => s.location.pathname),
    pathname: () => seen.at(-1)!.location.pathname,
    search: () => seen.at(-1)!.location.search,
    /** How the router reached the current location: 'PUSH', 'REPLACE' (a redirect) or 'POP'. */
    lastNavigation: () => seen.at(-1)!.action,
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
