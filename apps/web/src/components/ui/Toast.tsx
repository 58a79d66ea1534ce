import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { X } from "lucide-react";
import { cx } from "./cx.ts";
import { onToast, type ToastKind } from "./toast-bus.ts";

interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
}
interface ToastApi {
  show: (kind: ToastKind, title: string, message?: string) => void;
}

const Ctx = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, title: string, message?: string) => {
      const id = next.current++;
      setItems((xs) => [...xs.slice(-4), { id, kind, title, message }]);
      setTimeout(() => dismiss(id), kind === "error" ? 8000 : 5000);
    },
    [dismiss],
  );
  useEffect(() => onToast((t) => show(t.kind, t.title, t.message)), [show]);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <Ctx.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
      >
        {items.map((t) => (
          <div
            key={t.id}
            role={t.kind === "error" ? "alert" : "status"}
            data-toast={t.kind}
            className={cx(
              "pointer-events-auto rounded-md border px-4 py-3 text-sm shadow-lg",
              t.kind === "success" && "border-success-line bg-success-soft text-success-strong",
              t.kind === "error" && "border-danger-line bg-danger-soft text-danger-strong",
              t.kind === "info" && "border-line-strong bg-surface text-fg",
              t.kind === "warning" && "border-warning-line bg-warning-soft text-warning-strong",
            )}
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <div className="font-medium">{t.title}</div>
                {t.message && <div className="mt-0.5 opacity-90">{t.message}</div>}
              </div>
              <button
                type="button"
                aria-label="Dismiss"
                onClick={() => dismiss(t.id)}
                className="opacity-60 hover:opacity-100"
              >
                <X size={14} aria-hidden focusable="false" />
              </button>
            </div>
          </div>
        ))}
      </div>
    </Ctx.Provider>
  );
}

export function useToast(): ToastApi {
  const c = useContext(Ctx);
  if (!c) throw new Error("useToast outside ToastProvider");
  return c;
}
