import type { ReactNode } from "react";
import { PanelLeft } from "lucide-react";
import { useSidebar } from "./SidebarState.tsx";

/** The header of a workspace screen: sidebar toggle, title (an h1), actions. */
export function PageHeader({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  const sidebar = useSidebar();
  return (
    <header className="flex min-h-14 flex-wrap items-center gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      <button
        type="button"
        onClick={sidebar.toggle}
        aria-label={sidebar.open ? "Hide sidebar" : "Show sidebar"}
        aria-expanded={sidebar.open}
        className="rounded p-1.5 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <PanelLeft size={16} strokeWidth={1.75} aria-hidden focusable="false" />
      </button>
      <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{title}</h1>
      {children}
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </header>
  );
}
