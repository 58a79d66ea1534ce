import { PageSpinner } from "../../components/ui/index.ts";

export function ProjectMembersSettings() {
  return <div aria-busy="true" title="Members"><PageSpinner /></div>;
}
