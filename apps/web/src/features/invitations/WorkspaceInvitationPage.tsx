import { PageSpinner } from "../../components/ui/index.ts";

export function WorkspaceInvitationPage() {
  return <div aria-busy="true" title="Invitation"><PageSpinner /></div>;
}
