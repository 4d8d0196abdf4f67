import { type ComponentType, createElement, lazy, useState } from 'react';

export type PageModule = () => Promise<{ default: ComponentType }>;

/** A page component loaded on first use, whose download can be started earlier. */
export type LazyPage = ComponentType & { preload(): Promise<ComponentType> };

/**
 * A page loaded on first use, like React.lazy, except that it renders at once when its module has
 * already arrived (preloaded beside the sign-in check). React.lazy suspends on its first render
 * whatever the module's state, and React then keeps the page behind the loading spinner for its
 * fallback throttle: the first page's largest paint came about 250 ms after the sign-in check
 * answered, under issue 16's phone profile as on a desktop. A page not yet downloaded goes through
 * React.lazy as before.
 */
export function lazyPage(load: PageModule): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, when the route table is built (as React.lazy is)
  function Page() {
    // Chosen once for the page's life: switching from Lazy to the module later would remount it.
    const [component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(component);
  }
  return Object.assign(Page, { preload });
}
