import {
  DEFAULT_WORKSPACE_SETTINGS_ORDER,
  WORKSPACE_SETTINGS_PAGES,
  canSee,
  navEntry,
  settingsNavigation,
} from "@stride/shared";
import { Outlet } from "react-router";
import { NoAccess } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { SettingsNav } from "../../components/layout/SettingsNav.tsx";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

/** Workspace settings: every page is admin only (work-tracking.md §2). */
export function WorkspaceSettingsLayout() {
  const { slug, role } = useCurrentWorkspace();
  const nav = settingsNavigation(WORKSPACE_SETTINGS_PAGES, DEFAULT_WORKSPACE_SETTINGS_ORDER, role);
  if (!canSee(navEntry(WORKSPACE_SETTINGS_PAGES, "general"), role)) {
    return (
      <>
        <PageHeader title="Workspace settings" />
        <NoAccess what="workspace settings" />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Workspace settings" />
      <div className="flex flex-1 flex-col md:flex-row">
        <SettingsNav label="Workspace settings" base={`/${slug}/`} defaults={nav.defaults} more={nav.more} />
        <div className="min-w-0 flex-1 p-6">
          <Outlet />
        </div>
      </div>
    </>
  );
}
