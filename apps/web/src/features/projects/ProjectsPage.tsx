import { PageSpinner } from "../../components/ui/index.ts";

export function ProjectsPage() {
  return <div aria-busy="true" title="Projects"><PageSpinner /></div>;
}
