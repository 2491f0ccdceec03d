import { SCREEN_PATHS } from '@portal/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router.tsx';

const pathsOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path && route.path !== '*' ? [route.path] : []), ...pathsOf(route.children ?? [])]);

// The server serves the page for these paths to any client that takes HTML (server/src/web/page-request.ts).
describe("the contract's screen paths", () => {
  it("are the router's, no more and no fewer", () => {
    expect([...SCREEN_PATHS].sort()).toEqual(pathsOf(appRoutes).sort());
  });
});
