import { PROFILE_MENU } from "@stride/shared";
import { Link, NavLink, Outlet } from "react-router";
import { ArrowLeft } from "lucide-react";
import { useUserSettings } from "../../api/users.ts";
import { cx } from "../../components/ui/index.ts";

/** `/profile/*`: the profile menu's pages (profile, security, secrets). */
export function ProfileLayout() {
  const settings = useUserSettings();
  const slug = settings.data?.workspace.last_workspace_slug || settings.data?.workspace.fallback_workspace_slug;
  return (
    <div className="min-h-screen">
      <header className="flex items-center gap-4 border-b border-line px-6 py-3">
        <Link
          to={slug ? `/${slug}/` : "/"}
          className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
        >
          <ArrowLeft size={14} aria-hidden focusable="false" />
          Back to workspace
        </Link>
        <h1 className="text-base font-semibold">Your account</h1>
      </header>
      <div className="mx-auto flex max-w-5xl flex-col md:flex-row">
        <nav aria-label="Account" className="p-4 md:w-52">
          <ul className="flex gap-1 md:block md:space-y-0.5">
            {PROFILE_MENU.map((e) => (
              <li key={e.key}>
                <NavLink
                  end
                  to={e.path}
                  className={({ isActive }) =>
                    cx(
                      "block rounded-md px-3 py-1.5 text-sm",
                      isActive ? "bg-fill-selected font-medium" : "hover:bg-fill-hover",
                    )
                  }
                >
                  {e.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1 p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
