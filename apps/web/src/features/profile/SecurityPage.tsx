import { PageSpinner } from "../../components/ui/index.ts";

export function SecurityPage() {
  return <div aria-busy="true" title="Security"><PageSpinner /></div>;
}
