import { useEffect, useState, type ComponentType } from 'react';
import { FullPageLoader } from '../shared/ui/loader';

/**
 * A page whose code loads on demand: the full-page loader until it has, the page at once when it has (preloaded with
 * `load`). Not React.lazy: a lazy component suspends even when its code is there, and React holds a suspended
 * boundary's content back until 300 ms after its fallback showed, so a signed-in shopper's first screen waited for a
 * timer with everything loaded (issue 37). A load that failed is thrown to the nearest error boundary, as lazy's is.
 */
export function loadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const keep = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Loadable() {
    const [, update] = useState({});
    const Page = loaded;
    useEffect(() => {
      // Drawn again once loaded (even if that happened since this drawing); a failure thrown from the update reaches
      // the error boundary while drawing.
      if (!Page)
        keep().then(
          () => update({}),
          (error: unknown) =>
            update(() => {
              throw error;
            }),
        );
    }, [Page]);
    return Page ? <Page /> : <FullPageLoader />;
  }
  return Object.assign(Loadable, { load: keep });
}
