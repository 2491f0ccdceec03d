import { lazy, useEffect, type ComponentType } from 'react';
import { useMatches } from 'react-router';

type ScreenModule = { default: ComponentType };

/** What a route carries in its `handle` so the shell can fetch its code ahead of rendering it. */
export interface ScreenHandle {
  preload: () => Promise<ScreenModule>;
}

/** A screen in its own chunk whose download can start before it renders (one request either way). */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  let loading: Promise<ScreenModule> | undefined;
  const preload = () => (loading ??= load());
  return { Screen: lazy(preload), handle: { preload } satisfies ScreenHandle };
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenHandle).preload === 'function';
}

/** Starts downloading the matched screens' code now, so it arrives while the session is still checked. */
export function usePreloadMatchedScreens(): void {
  const matches = useMatches();
  useEffect(() => {
    // A failed download is not reported here: rendering the screen tries the same promise and shows the error.
    for (const match of matches) if (isScreenHandle(match.handle)) match.handle.preload().catch(() => undefined);
  }, [matches]);
}
