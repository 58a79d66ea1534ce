import { PROJECT_SETTINGS_PAGES, navEntry } from "@stride/shared";
import { ComingSoon } from "../../components/ui/index.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

export function ProjectComingSettings({ page }: { page: string }) {
  const e = navEntry(PROJECT_SETTINGS_PAGES, page);
  return (
    <ProjectSettingsGate page={page}>
      <h2 className="text-lg font-semibold">{e.label}</h2>
      <ComingSoon feature={e.label} />
    </ProjectSettingsGate>
  );
}
