import { PageSpinner } from "../../components/ui/index.ts";

export function ProjectGeneralSettings() {
  return <div aria-busy="true" title="General"><PageSpinner /></div>;
}
