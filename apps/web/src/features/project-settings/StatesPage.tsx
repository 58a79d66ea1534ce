import { PageSpinner } from "../../components/ui/index.ts";

export function ProjectStatesSettings() {
  return <div aria-busy="true" title="States"><PageSpinner /></div>;
}
