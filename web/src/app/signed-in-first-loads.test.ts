import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/lib/runtime-config.ts';
import { stubFetch } from '@/testing/fetch-stub.ts';
import { testConfig } from '@/testing/fixtures.ts';
import { isScreenHandle } from './lazy-screen.ts';
import { createQueryClient } from './query-client.ts';
import { prefetchRouteData, preloadRouteCode } from './route-preload.ts';
import { appRoutes } from './router.tsx';
import { signedInFirstLoads } from './signed-in-first-loads.ts';

const paths = Object.entries(signedInFirstLoads);

// What the server announces in index.html must be what the app then loads: a module or request
// missing from the list downloads late again, and one the screen no longer uses downloads for nothing.
describe("a signed-in player's first load, as the server announces it", () => {
  it.each(paths)('%s names the modules the router renders there, outermost first', async (path, { modules }) => {
    const rendered = await Promise.all(
      (matchRoutes(appRoutes, path) ?? [])
        .map((match) => match.route.handle as unknown)
        .filter(isScreenHandle)
        .map((handle) => handle.preload()),
    );
    const declared = await Promise.all(modules.map((module) => import(/* @vite-ignore */ `/src/${module}`) as Promise<object>));
    expect(rendered).toHaveLength(declared.length);
    rendered.forEach((screen, i) => expect(Object.values(declared[i]!)).toContain(screen.default));
  });

  it.each(paths)('%s names the requests its screen starts before rendering', async (path, { requests }) => {
    setRuntimeConfig(testConfig);
    const api = stubFetch({});
    prefetchRouteData(appRoutes, path, createQueryClient());
    await preloadRouteCode(appRoutes, path);
    await new Promise((resolve) => setTimeout(resolve));
    expect(api.calls.map((call) => call.path).sort()).toEqual([...requests].sort());
  });
});
