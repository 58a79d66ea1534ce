import { PageSpinner } from "../../components/ui/index.ts";

export function InvitationsPage() {
  return <div aria-busy="true" title="Invitations"><PageSpinner /></div>;
}
