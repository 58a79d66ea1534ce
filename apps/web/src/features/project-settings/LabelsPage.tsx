import { PageSpinner } from "../../components/ui/index.ts";

export function ProjectLabelsSettings() {
  return <div aria-busy="true" title="Labels"><PageSpinner /></div>;
}
