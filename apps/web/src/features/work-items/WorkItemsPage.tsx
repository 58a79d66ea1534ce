import { ComingSoon } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";

/** Work-item list of a project (replaced by the work-items screens). */
export function WorkItemsPage({ archived, epics }: { archived?: boolean; epics?: boolean }) {
  const title = epics ? "Epics" : archived ? "Archived work items" : "Work items";
  return (
    <>
      <PageHeader title={title} />
      <ComingSoon feature={title} />
    </>
  );
}

/** A single work item (`/:ws/browse/:identifier-:sequence/` and project paths). */
export function WorkItemPage() {
  return (
    <>
      <PageHeader title="Work item" />
      <ComingSoon feature="Work items" />
    </>
  );
}
