import { createElement, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { markPlainAddresses } from './inline-stylesheets';

/** A chunk's loader: call it to fetch the chunk; `loaded()` is its module once it has come. */
export interface ChunkLoader<T> {
  (): Promise<T>;
  loaded: () => T | null;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A loader for a chunk of its own (a component drawn only on an action: the viewer, the contact
 * panel), fetched once however often it is asked for. The page's inline styles are marked first,
 * so the chunk does not fetch again the styles it shares with the page (perhaps under React
 * Router's `…css#`). A failed fetch is tried again at the next call.
 */
export function chunkLoader<T>(load: () => Promise<T>): ChunkLoader<T> {
  let loading: Promise<T> | null = null;
  let module: T | null = null;
  const listeners = new Set<() => void>();
  const loader = () =>
    (loading ??= Promise.resolve()
      .then(() => markPlainAddresses(document))
      .then(load)
      .then(
        (value) => {
          module = value;
          for (const listener of listeners) listener();
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      ));
  return Object.assign(loader, {
    loaded: () => module,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
}

/**
 * The component a chunk exports, drawn once the chunk has come (nothing before, nor on the server).
 * Unlike `React.lazy`, a failed fetch is not kept: it is asked for again when this is drawn anew,
 * and whoever else calls the loader (an intent: the menu opening, a pointer on an opener) draws it
 * where it already stands. A chunk that cannot be had (the site redeployed, the network gone)
 * leaves the place empty, as content that could not be loaded does (spec 8).
 */
export function drawnWhenLoaded<T, P extends object>(load: ChunkLoader<T>, pick: (module: T) => ComponentType<P>): ComponentType<P> {
  const loadedOnServer = () => null;
  return function WhenLoaded(props: P) {
    const module = useSyncExternalStore(load.subscribe, load.loaded, loadedOnServer);
    useEffect(() => {
      if (!module) load().catch(() => {});
    }, [module]);
    return module ? createElement(pick(module), props) : null;
  };
}
