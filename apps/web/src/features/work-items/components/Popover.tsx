import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";

/**
 * A floating panel anchored to an element. It is portaled (so scrolling lists and tables do not clip it)
 * into the anchor's <dialog> when there is one (a modal dialog makes the rest of the page inert), else
 * into <body>. Escape and a click outside close it.
 */
export function Popover({ anchor, open, onClose, children, align = "start", className, label, matchWidth }: {
  anchor: RefObject<HTMLElement | null>;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  align?: "start" | "end";
  className?: string;
  label?: string;
  matchWidth?: boolean;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number; minWidth?: number } | null>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    if (!open) return;
    const a = anchor.current;
    setHost((a?.closest("dialog") as HTMLElement | null) ?? document.body);
    const place = () => {
      const el = anchor.current;
      if (!el) return;
      const r = el.getBoundingClientRect();
      const ph = panel.current?.offsetHeight ?? 280;
      const pw = panel.current?.offsetWidth ?? 240;
      const below = window.innerHeight - r.bottom;
      const top = below < ph + 8 && r.top > ph + 8 ? r.top - ph - 4 : r.bottom + 4;
      let left = align === "end" ? r.right - pw : r.left;
      left = Math.max(8, Math.min(left, window.innerWidth - pw - 8));
      setPos({ top: Math.max(8, top), left, minWidth: matchWidth ? r.width : undefined });
    };
    place();
    const raf = requestAnimationFrame(place);
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      cancelAnimationFrame(raf);
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [open, anchor, align, matchWidth]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (panel.current?.contains(t) || anchor.current?.contains(t)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        e.preventDefault();
        onClose();
        anchor.current?.focus();
      }
    };
    document.addEventListener("mousedown", onDown, true);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("mousedown", onDown, true);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [open, onClose, anchor]);

  if (!open || !host) return null;
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-label={label}
      style={{ position: "fixed", top: pos?.top ?? -9999, left: pos?.left ?? -9999, minWidth: pos?.minWidth, zIndex: 60 }}
      className={className ?? "rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-900 shadow-xl dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"}
      onClick={(e) => e.stopPropagation()}
    >
      {children}
    </div>,
    host,
  );
}
