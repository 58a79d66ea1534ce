import type { ReactNode } from "react";
import { Link, Navigate, NavLink, Outlet } from "react-router";
import { adminSignOutForm, useAdminMe } from "../../api/god-mode.ts";
import { useInstance } from "../../api/instance.ts";
import { Button, PageSpinner, useToast, cx } from "../../components/ui/index.ts";

const NAV = [
  { to: "/god-mode/general/", label: "General" },
  { to: "/god-mode/email/", label: "Email" },
  { to: "/god-mode/authentication/", label: "Authentication" },
  { to: "/god-mode/workspaces/", label: "Workspaces" },
  { to: "/god-mode/instances/", label: "Instances" },
];

export function GodModeLayout() {
  const admin = useAdminMe();
  const instance = useInstance();
  const toast = useToast();
  if (admin.isLoading) return <PageSpinner />;
  if (!admin.data) return <Navigate to="/god-mode/" replace />;
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="border-b border-line bg-surface-muted p-4 md:w-60 md:border-r md:border-b-0">
        <div className="mb-4">
          <div className="text-xs font-semibold uppercase tracking-wide text-fg-subtle">Instance admin</div>
          <div className="truncate font-semibold">{instance.data?.instance?.instance_name || "Stride"}</div>
          {instance.data?.instance?.current_version && (
            <div className="text-xs text-fg-subtle" data-testid="stride-version">
              Stride {instance.data.instance.current_version}
            </div>
          )}
        </div>
        <nav aria-label="Instance admin">
          <ul className="flex flex-wrap gap-1 md:block md:space-y-0.5">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink
                  to={n.to}
                  className={({ isActive }) =>
                    cx(
                      "block rounded-md px-3 py-1.5 text-sm",
                      isActive ? "bg-fill-selected font-medium" : "hover:bg-fill-hover",
                    )
                  }
                >
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 space-y-2 text-sm">
          <div className="truncate text-fg-subtle">{admin.data.email}</div>
          <Link to="/" className="block text-accent hover:underline">
            Open the app
          </Link>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => adminSignOutForm().catch(() => toast.show("error", "CSRF token not found"))}
          >
            Sign out
          </Button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-6">
        <div className="mx-auto max-w-3xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export function GodModeSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section>
      <h1 className="text-xl font-semibold">{title}</h1>
      {description && <p className="mt-1 text-sm text-fg-subtle">{description}</p>}
      <div className="mt-6 space-y-6">{children}</div>
    </section>
  );
}
