import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { isScreenHandle, type ScreenModule } from './lazy-screen.ts';

function matchedModules(routes: RouteObject[], pathname: string): Promise<ScreenModule>[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.handle as unknown)
    .filter(isScreenHandle)
    .map((handle) => handle.preload());
}

/** Starts downloading the code of every route `pathname` matches (layout, guards, screen) at once; settles when all have. */
export async function preloadRouteCode(routes: RouteObject[], pathname: string): Promise<void> {
  // A failed download is not reported here: rendering the route tries the same promise and shows the error.
  await Promise.allSettled(matchedModules(routes, pathname));
}

/** Starts the first requests of every route `pathname` matches, each as soon as its code is here. */
export function prefetchRouteData(routes: RouteObject[], pathname: string, client: QueryClient): void {
  for (const module of matchedModules(routes, pathname)) {
    module.then((loaded) => loaded.prefetch?.(client)).catch(() => undefined);
  }
}

/**
 * Asks for a screen's data before the screen renders; the screen's own query then takes this answer, a
 * failure included, instead of asking again as it mounts (once per visit: the start and the first
 * render both call this). A later visit asks again once the answer is older than the client's stale time.
 */
export function prefetchForScreen<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  client.setQueryDefaults(options.queryKey, { retryOnMount: false });
  const state = client.getQueryState(options.queryKey);
  const staleTime = client.getDefaultOptions().queries?.staleTime;
  const recentFailure = state?.status === 'error' && Date.now() - state.errorUpdatedAt < (typeof staleTime === 'number' ? staleTime : 0);
  if (state?.fetchStatus === 'fetching' || recentFailure) return;
  void client.prefetchQuery(options);
}
