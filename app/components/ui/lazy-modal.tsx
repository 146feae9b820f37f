import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A modal whose code loads the first time it opens: Radix's dialog weighs about 15 kB gzipped and
 * most visits open none. Once opened it stays mounted, so Radix can close it and return focus.
 */
export function lazyModal<P extends { open: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  // React 18's types give a lazy component props that may carry a ref, which a generic P cannot be
  // shown to match; what it renders is the loaded component, whose props are P.
  const Modal = lazy(load) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per modal at module level, never while rendering; the component it returns is stable.
  return function LazyModal(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}
