import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from "react";
import { Spinner } from "../components/ui/Spinner.tsx";

/**
 * Code-splitting helpers. Large feature areas (god-mode, settings, work-item detail, the
 * non-list layouts) are loaded on first use with React.lazy; see app/router.tsx.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
type ComponentKeys<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * A lazily imported module (one chunk). `chunk.component("Name")` is a component that loads the
 * chunk on first render (suspending), and renders directly — without suspending again — once it
 * is loaded, so a lazy page inside a lazy layout of the same chunk does not blink.
 */
export function lazyChunk<M>(load: () => Promise<M>) {
  let mod: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (mod = m),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  return {
    preload: get,
    component<K extends ComponentKeys<M>>(name: K) {
      type C = M[K] & AnyComponent;
      const Lazy = lazy(() => get().then((m) => ({ default: m[name] as C })));
      function Loaded(props: ComponentProps<C>) {
        const [Impl] = useState<AnyComponent>(() => (mod ? (mod[name] as C) : Lazy));
        return <Impl {...props} />;
      }
      Loaded.displayName = `Lazy(${String(name)})`;
      return Loaded;
    },
  };
}

/** Suspense fallback: blank for the first 300 ms so fast chunk loads don't flash, then a spinner. */
export function LazyFallback() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShow(true), 300);
    return () => clearTimeout(t);
  }, []);
  return (
    <div aria-busy="true" className="flex min-h-[40vh] w-full flex-1 items-center justify-center text-fg-faint">
      {show && <Spinner className="h-6 w-6" />}
    </div>
  );
}

/** Wraps a lazily loaded element in Suspense with the non-flashing fallback. */
export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LazyFallback />}>{children}</Suspense>;
}
