// Components in their own chunk (React.lazy) that a server-rendered page can hydrate (docs/decisions/006).
// A plain lazy component suspends the first time it renders in the browser, even when its chunk is
// already there, and a part of the page that is still suspended when something above it updates is
// thrown away and rendered again: the server's markup, and what the visitor clicked, would be lost.
// So the server notes which of them it rendered, the browser loads exactly those before hydrating, and
// a loaded one renders at once (a thenable that is already resolved, which React.lazy reads in place).
import { type ComponentType, createElement, lazy } from 'react';
import { lazyImport } from './lazy-import';

const loaders = new Map<string, () => Promise<unknown>>();
const loaded = new Set<string>();
const renderedOnServer = new Set<string>();

function resolvedThenable<T>(value: T): Promise<T> {
  // React.lazy calls then() and reads the outcome synchronously: no suspension for loaded code.
  // biome-ignore lint/suspicious/noThenProperty: a thenable is the point (see above)
  return { then: (onFulfilled: (result: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

export function lazyComponent<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let component: ComponentType<P> | null = null;
  const preload = async () => {
    component = await lazyImport(load);
    loaded.add(id);
    return component;
  };
  loaders.set(id, preload);
  const Lazy = lazy(() =>
    component ? resolvedThenable({ default: component }) : preload().then((result) => ({ default: result })),
  );
  function LazyComponent(props: P) {
    if (typeof document === 'undefined') renderedOnServer.add(id);
    return createElement(Lazy, props);
  }
  LazyComponent.displayName = `Lazy(${id})`;
  return LazyComponent;
}

/** Starts a server render's record of the lazy components it renders; returns the record. */
export function recordServerRenderedComponents(): Set<string> {
  renderedOnServer.clear();
  return renderedOnServer;
}

/**
 * Loads the components the server rendered. One may sit inside another's chunk, and is known only once
 * that chunk has run: hence the rounds.
 */
export async function preloadComponents(ids: readonly string[]): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const pending = ids.filter((id) => loaders.has(id) && !loaded.has(id));
    if (!pending.length) return;
    await Promise.all(pending.map((id) => loaders.get(id)?.()));
  }
}
