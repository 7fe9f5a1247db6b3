import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy, except that once its module has been downloaded it renders at once. React.lazy
 * suspends on its first render even when the download is done, and a first screen that
 * suspends is drawn twice: its fallback, then, held back up to 300 ms by React's throttling of
 * revealed content, the screen. `load` downloads the module (a modulepreload makes that
 * immediate) and keeps it. `name` labels it in React's developer tools.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, name: string): { Component: ComponentType<P>; load: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Component(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded type would remount it.
    const [Type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Type {...props} />;
  }
  // React's developer tools show this name instead of one "Component" per page.
  Component.displayName = `Lazy(${name})`;
  return { Component, load: loadAndKeep };
}
