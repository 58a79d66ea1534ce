import { WORKSPACE_SIDEBAR, canSee, navEntry } from "@stride/shared";
import { ComingSoon, NoAccess } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useCurrentWorkspace } from "./current-workspace.ts";

/**
 * A sidebar entry whose feature arrives in a later release: role-gated exactly like the sidebar,
 * then an honest "coming" empty state.
 */
export function SidebarEntryPage({ entry, feature }: { entry: string; feature: string }) {
  const { role } = useCurrentWorkspace();
  const e = navEntry(WORKSPACE_SIDEBAR, entry);
  return (
    <>
      <PageHeader title={e.label} />
      {canSee(e, role) ? <ComingSoon feature={feature} /> : <NoAccess what={e.label} />}
    </>
  );
}
