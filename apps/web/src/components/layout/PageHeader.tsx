import type { ReactNode } from "react";
import { PanelLeft } from "lucide-react";
import { useSidebar } from "./SidebarState.tsx";

/**
 * The header of a workspace screen: sidebar toggle, title (an h1), actions. A screen shown under another screen's
 * header (a profile's item tabs) is `nested`: the outer header has the sidebar toggle and the h1, so this one has
 * neither (its title is an h2).
 */
export function PageHeader({
  title,
  actions,
  children,
  nested = false,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  nested?: boolean;
}) {
  const sidebar = useSidebar();
  const Heading = nested ? "h2" : "h1";
  return (
    <header className="flex min-h-14 flex-wrap items-center gap-2 border-b border-line px-4 py-2">
      {!nested && (
        <button
          type="button"
          onClick={sidebar.toggle}
          aria-label={sidebar.open ? "Hide sidebar" : "Show sidebar"}
          aria-expanded={sidebar.open}
          className="rounded p-1.5 text-fg-subtle hover:bg-fill"
        >
          <PanelLeft size={16} strokeWidth={1.75} aria-hidden focusable="false" />
        </button>
      )}
      <Heading className="min-w-0 flex-1 truncate text-base font-semibold">{title}</Heading>
      {children}
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </header>
  );
}
