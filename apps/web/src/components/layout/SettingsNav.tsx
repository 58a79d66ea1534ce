import { NavLink, useLocation } from "react-router";
import type { NavEntry } from "@stride/shared";
import { cx } from "../ui/cx.ts";

/** Settings navigation: the default list first, then the other pages the role may open. */
export function SettingsNav({
  base,
  defaults,
  more,
  label,
}: {
  base: string;
  defaults: NavEntry[];
  more: NavEntry[];
  label: string;
}) {
  const { pathname } = useLocation();
  // A page opened by one of its aliases (e.g. settings/imports/ for the spec's settings/impors/) is current too.
  const onAlias = (e: NavEntry) => (e.aliases ?? []).some((a) => pathname.replace(/\/?$/, "/") === base + a);
  const link = (e: NavEntry) => (
    <li key={e.key}>
      <NavLink
        to={base + e.path}
        end
        data-settings={e.key}
        className={({ isActive }) =>
          cx(
            "block rounded-md px-3 py-1.5 text-sm",
            isActive || onAlias(e) ? "bg-fill-selected font-medium" : "hover:bg-fill-hover",
          )
        }
      >
        {e.label}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label={label} className="w-full shrink-0 border-b border-line p-3 md:w-56 md:border-r md:border-b-0">
      <ul className="flex flex-wrap gap-1 md:block md:space-y-0.5">{defaults.map(link)}</ul>
      {more.length > 0 && (
        <>
          <div className="mt-4 hidden px-3 text-xs font-semibold uppercase tracking-wide text-fg-subtle md:block">
            More
          </div>
          <ul className="mt-1 flex flex-wrap gap-1 md:block md:space-y-0.5">{more.map(link)}</ul>
        </>
      )}
    </nav>
  );
}
