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
      <header className="flex items-center gap-4 border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
        <Link to={slug ? `/${slug}/` : "/"} className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline dark:text-indigo-400"><ArrowLeft size={14} aria-hidden focusable="false" />Back to workspace</Link>
        <h1 className="text-base font-semibold">Your account</h1>
      </header>
      <div className="mx-auto flex max-w-5xl flex-col md:flex-row">
        <nav aria-label="Account" className="p-4 md:w-52">
          <ul className="flex gap-1 md:block md:space-y-0.5">
            {PROFILE_MENU.map((e) => (
              <li key={e.key}>
                <NavLink end to={e.path} className={({ isActive }) => cx("block rounded-md px-3 py-1.5 text-sm", isActive ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60")}>
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
