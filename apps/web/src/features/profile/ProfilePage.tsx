import { PageSpinner } from "../../components/ui/index.ts";

export function ProfilePage() {
  return <div aria-busy="true" title="Profile"><PageSpinner /></div>;
}
