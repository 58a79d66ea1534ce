/**
 * Toasts asked for outside React (the query client's global mutation handlers, app/query-client.ts): the
 * mounted ToastProvider listens and shows them like its own `useToast().show`.
 */
export type ToastKind = "success" | "error" | "info" | "warning";
export interface ToastRequest {
  kind: ToastKind;
  title: string;
  message?: string;
}

const listeners = new Set<(t: ToastRequest) => void>();

export function showToast(kind: ToastKind, title: string, message?: string): void {
  for (const l of listeners) l({ kind, title, message });
}

/** Called by ToastProvider; returns the unsubscribe. */
export function onToast(listener: (t: ToastRequest) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
