import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

const KEY = "stride-sidebar-collapsed";
const NARROW = "(max-width: 767px)";

interface SidebarCtx {
  open: boolean;
  narrow: boolean;
  toggle: () => void;
  close: () => void;
}
const Ctx = createContext<SidebarCtx | null>(null);

/**
 * Sidebar visibility: on wide windows the collapsed preference is kept in localStorage; on narrow
 * windows the sidebar is an overlay, closed by default and after each navigation.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [narrow, setNarrow] = useState(() => typeof matchMedia !== "undefined" && matchMedia(NARROW).matches);
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(KEY) === "1";
    } catch {
      return false;
    }
  });
  const [overlayOpen, setOverlayOpen] = useState(false);
  useEffect(() => {
    const mq = matchMedia(NARROW);
    const on = () => {
      setNarrow(mq.matches);
      setOverlayOpen(false);
    };
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  const toggle = useCallback(() => {
    if (narrow) setOverlayOpen((o) => !o);
    else
      setCollapsed((c) => {
        try {
          localStorage.setItem(KEY, c ? "0" : "1");
        } catch {
          /* ignore */
        }
        return !c;
      });
  }, [narrow]);
  const close = useCallback(() => {
    if (narrow) setOverlayOpen(false);
  }, [narrow]);
  const value = useMemo(
    () => ({ open: narrow ? overlayOpen : !collapsed, narrow, toggle, close }),
    [narrow, overlayOpen, collapsed, toggle, close],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSidebar(): SidebarCtx {
  const c = useContext(Ctx);
  if (!c) return { open: true, narrow: false, toggle: () => {}, close: () => {} };
  return c;
}
