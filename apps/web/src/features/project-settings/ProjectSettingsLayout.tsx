import type { ReactNode } from "react";
import {
  DEFAULT_PROJECT_SETTINGS_ORDER,
  PROJECT_SETTINGS_PAGES,
  canSee,
  navEntry,
  settingsNavigation,
} from "@stride/shared";
import { Outlet } from "react-router";
import { NoAccess } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { SettingsNav } from "../../components/layout/SettingsNav.tsx";
import { useCurrentProject } from "../projects/current-project.ts";

export function ProjectSettingsLayout() {
  const { slug, projectId, project, role } = useCurrentProject();
  const nav = settingsNavigation(PROJECT_SETTINGS_PAGES, DEFAULT_PROJECT_SETTINGS_ORDER, role);
  return (
    <>
      <PageHeader title={`${project.name} settings`} />
      <div className="flex flex-1 flex-col md:flex-row">
        <SettingsNav
          label="Project settings"
          base={`/${slug}/projects/${projectId}/`}
          defaults={nav.defaults}
          more={nav.more}
        />
        <div className="min-w-0 flex-1 p-6">
          <Outlet />
        </div>
      </div>
    </>
  );
}

/** Renders children only when the caller's role may open the project settings page `key`. */
export function ProjectSettingsGate({ page, children }: { page: string; children: ReactNode }) {
  const { role } = useCurrentProject();
  const e = navEntry(PROJECT_SETTINGS_PAGES, page);
  if (!canSee(e, role)) return <NoAccess what={`${e.label} settings`} />;
  return <>{children}</>;
}
