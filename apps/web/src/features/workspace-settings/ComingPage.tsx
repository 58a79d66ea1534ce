import { WORKSPACE_SETTINGS_PAGES, navEntry } from "@stride/shared";
import { ComingSoon } from "../../components/ui/index.ts";

export function WorkspaceComingSettings({ page }: { page: string }) {
  const e = navEntry(WORKSPACE_SETTINGS_PAGES, page);
  return (
    <>
      <h2 className="text-lg font-semibold">{e.label}</h2>
      <ComingSoon feature={e.label} />
    </>
  );
}
