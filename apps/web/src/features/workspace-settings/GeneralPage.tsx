import { PageSpinner } from "../../components/ui/index.ts";

export function WorkspaceGeneralSettings() {
  return <div aria-busy="true" title="General"><PageSpinner /></div>;
}
