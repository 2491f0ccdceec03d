import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, useState, type ComponentType } from 'react';

/** A route's module: the component, and optionally the calls it will make, so they can start with its code. */
export interface ScreenModule {
  default: ComponentType;
  /** Starts the screen's first requests (idempotent: see `prefetchOnce`); runs once the runtime config is set. */
  prefetch?: (client: QueryClient) => void;
}

/** What a route carries in its `handle` so the app can fetch its code (and data) ahead of rendering it. */
interface ScreenHandle {
  preload: () => Promise<ScreenModule>;
}

/**
 * A screen (or layout, or guard) in its own chunk whose download can start before it renders (one request
 * either way). Code that is already here renders at once, without a Suspense fallback for a frame.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  let loading: Promise<ScreenModule> | undefined;
  let loaded: ScreenModule | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the component later would remount the screen.
    const [Component] = useState<ComponentType>(() => loaded?.default ?? Lazy);
    return createElement(Component);
  }
  return { Screen, handle: { preload } satisfies ScreenHandle };
}

export function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenHandle).preload === 'function';
}
