import { PageSpinner } from "../../components/ui/index.ts";

export function SecretsPage() {
  return <div aria-busy="true" title="Secrets"><PageSpinner /></div>;
}
