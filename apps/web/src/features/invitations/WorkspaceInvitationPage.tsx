import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ROLE_LABEL, type Role } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import { answerInvitation, fetchInvitationForJoin } from "../../api/workspaces.ts";
import { useMe } from "../../api/users.ts";
import { qk } from "../../api/query-keys.ts";
import { Banner, Button, PageSpinner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";

/** `/workspace-invitations/?invitation_id&slug&token`: accept or decline one invitation. */
export function WorkspaceInvitationPage() {
  const [params] = useSearchParams();
  const id = params.get("invitation_id") ?? "";
  const slug = params.get("slug") ?? "";
  const token = params.get("token") ?? "";
  const me = useMe();
  const inv = useQuery({
    queryKey: qk.invitationJoin(slug, id, token),
    queryFn: () => fetchInvitationForJoin(slug, id, token),
    enabled: !!(id && slug && token),
    retry: false,
  });
  const { result, error, busy, answer } = useAnswer(slug, id, token);

  if (!id || !slug || !token) {
    return (
      <AuthLayout title="Invitation">
        <Banner>This invitation link is incomplete.</Banner>
      </AuthLayout>
    );
  }
  if (inv.isLoading || me.isLoading) return <PageSpinner />;
  if (inv.isError || !inv.data) {
    return (
      <AuthLayout title="Invitation not found">
        <Banner>This invitation does not exist, was withdrawn, or the link is not valid.</Banner>
        <Link className="text-indigo-600 hover:underline" to="/">
          Go to Stride
        </Link>
      </AuthLayout>
    );
  }
  const ws = typeof inv.data.workspace === "object" ? inv.data.workspace : null;
  const name = ws?.name ?? slug;
  const signedInAs = me.data?.email?.toLowerCase();
  const forSomeoneElse = signedInAs && signedInAs !== inv.data.email.toLowerCase();
  const answered = !!inv.data.responded_at;

  if (result === "accepted")
    return <Joined slug={slug} name={name} email={inv.data.email} signedIn={!!me.data && !forSomeoneElse} />;
  if (result === "declined") {
    return (
      <AuthLayout title="Invitation declined">
        <Banner kind="info">You declined the invitation to {name}.</Banner>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={`Join ${name}`}
      subtitle={`${inv.data.email} was invited as ${ROLE_LABEL[inv.data.role as Role] ?? "Member"}.`}
    >
      {error && <Banner>{error}</Banner>}
      {forSomeoneElse && (
        <Banner kind="info">
          You are signed in as {me.data!.email}; this invitation is for {inv.data.email}.
        </Banner>
      )}
      {answered ? (
        <Banner kind="info">This invitation has already been answered.</Banner>
      ) : (
        <div className="flex gap-2">
          <Button loading={busy} onClick={() => answer(true)}>
            Accept
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => answer(false)}>
            Decline
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}

/** Accepting or declining: the answer once given, or the server's refusal. */
function useAnswer(slug: string, id: string, token: string) {
  const qc = useQueryClient();
  const [result, setResult] = useState<"accepted" | "declined" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = async (accepted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await answerInvitation(slug, id, token, accepted);
      setResult(accepted ? "accepted" : "declined");
      qc.invalidateQueries({ queryKey: qk.myWorkspaces });
      qc.invalidateQueries({ queryKey: qk.myInvitations });
      qc.invalidateQueries({ queryKey: qk.settings });
    } catch (err) {
      setError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
    } finally {
      setBusy(false);
    }
  };
  return { result, error, busy, answer };
}

/** After accepting: open the workspace, or (signed out, or as someone else) sign in or up as the invited email. */
function Joined({ slug, name, email, signedIn }: { slug: string; name: string; email: string; signedIn: boolean }) {
  return (
    <AuthLayout title={`You joined ${name}`}>
      {signedIn ? (
        <Link
          className="inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white"
          to={`/${slug}/`}
        >
          Open {name}
        </Link>
      ) : (
        <>
          <Banner kind="success">Invitation accepted. Sign in or sign up as {email} to open the workspace.</Banner>
          <div className="flex gap-3 text-sm">
            <Link className="text-indigo-600 hover:underline" to={`/?email=${encodeURIComponent(email)}`}>
              Sign in
            </Link>
            <Link className="text-indigo-600 hover:underline" to={`/sign-up?email=${encodeURIComponent(email)}`}>
              Sign up
            </Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
