import { PageSpinner } from "../../components/ui/index.ts";

export function WorkspaceMembersSettings() {
  return <div aria-busy="true" title="Members"><PageSpinner /></div>;
}
