import { type ComponentType, createElement, lazy, type ReactElement } from "react";

/** A page or route table in its own chunk, which can be fetched before it is first rendered. */
export type Preloadable = (() => ReactElement) & {
  /** Fetches the chunk (once; again after a failure). Resolves when the component can render at once. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` that can be preloaded. Once the chunk is in, the component renders at once and
 * never suspends: React holds a suspended screen back until 300 ms after its fallback was shown,
 * so each lazy level a first visit passed through (the account area, the page)
 * cost 300 ms even with every chunk cached. `main.tsx` preloads the levels the first address
 * needs before the first render; the sidebar preloads a page when the pointer or focus reaches
 * its link.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): Preloadable {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  const Component = () => createElement(loaded ?? Lazy);
  return Object.assign(Component, { preload });
}
