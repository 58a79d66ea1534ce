import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useAcceptInvitations, useMyInvitations } from "../../api/users.ts";
import { Banner, Button, PageSpinner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { InvitationList } from "../../components/workspace/InvitationList.tsx";

/** `/invitations`: accept pending workspace invitations. */
export function InvitationsPage() {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitations();
  const nav = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const pending = (invitations.data ?? []).filter((i) => !i.accepted);
  if (invitations.isLoading) return <PageSpinner />;
  const onAccept = () => {
    setError(null);
    accept.mutate(selected, {
      onSuccess: () => {
        const first = pending.find((p) => p.id === selected[0]);
        const slug = first && typeof first.workspace === "object" ? first.workspace.slug : null;
        nav(slug ? `/${slug}/` : "/");
      },
      onError: (err) => setError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error."),
    });
  };
  return (
    <AuthLayout
      title="Workspace invitations"
      subtitle={pending.length ? "Choose the workspaces you want to join." : undefined}
      footer={
        <Link className="text-accent hover:underline" to="/create-workspace/">
          Create a new workspace instead
        </Link>
      }
    >
      {error && <Banner>{error}</Banner>}
      {pending.length === 0 ? (
        <Banner kind="info">You have no pending invitations.</Banner>
      ) : (
        <>
          <InvitationList invitations={pending} selected={selected} onChange={setSelected} />
          <Button className="w-full" disabled={!selected.length} loading={accept.isPending} onClick={onAccept}>
            Accept and continue
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
