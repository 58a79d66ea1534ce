import { PageSpinner } from "../../components/ui/index.ts";

export function ProjectFeaturesSettings() {
  return <div aria-busy="true" title="Features"><PageSpinner /></div>;
}
