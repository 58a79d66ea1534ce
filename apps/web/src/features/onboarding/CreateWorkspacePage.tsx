import { PageSpinner } from "../../components/ui/index.ts";

export function CreateWorkspacePage() {
  return <div aria-busy="true" title="Create workspace"><PageSpinner /></div>;
}
