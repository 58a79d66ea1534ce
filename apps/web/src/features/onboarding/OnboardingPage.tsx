import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ROLE, USER_ROLES, roleBucket } from "@stride/shared";
import { userEndpoints as U } from "@stride/shared/endpoints";
import { ApiError, call, errorMessage } from "../../api/client.ts";
import { qk } from "../../api/query-keys.ts";
import {
  useAcceptInvitations,
  useMe,
  useMyInvitations,
  useMyWorkspaces,
  useProfile,
  useUpdateMe,
  useUpdateProfile,
} from "../../api/users.ts";
import type { Profile, Workspace } from "../../api/types.ts";
import { Banner, Button, Input, PageSpinner, Select } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { InviteMembersForm } from "../../components/workspace/InviteMembersForm.tsx";
import { WorkspaceForm } from "./WorkspaceForm.tsx";
import { AvatarField } from "../../components/user/AvatarField.tsx";
import { InvitationList } from "../../components/workspace/InvitationList.tsx";
import { usePermissions, workspaceSubject } from "../../lib/permissions.ts";

type Step = "profile" | "workspace" | "invite" | "finish";

/**
 * Onboarding (platform.md §4): profile (names, role) → join or create a workspace → invite
 * teammates → finish (every onboarding step set, last workspace set, user marked onboarded).
 */
export function OnboardingPage() {
  const me = useMe();
  const profile = useProfile();
  const workspaces = useMyWorkspaces();
  const [step, setStep] = useState<Step | null>(null);
  const [workspace, setWorkspace] = useState<Workspace | null>(null);
  const can = usePermissions();
  /** Only people who may invite (workspace admins) get the invite step; everyone else goes straight in. */
  const stepAfterWorkspace = useCallback(
    (ws: Workspace): Step => (can("create", "invitation", workspaceSubject(ws)) ? "invite" : "finish"),
    [can],
  );

  useEffect(() => {
    if (step || !profile.data || !workspaces.data || !me.data) return;
    const s = profile.data.onboarding_step ?? {};
    if (!s.profile_complete) setStep("profile");
    else if (!workspaces.data.length) setStep("workspace");
    else {
      setWorkspace(workspaces.data[0]);
      setStep(stepAfterWorkspace(workspaces.data[0]));
    }
  }, [step, profile.data, workspaces.data, me.data, stepAfterWorkspace]);

  if (me.isLoading || profile.isLoading || workspaces.isLoading || !step) return <PageSpinner />;
  if (profile.data?.is_onboarded) return <Navigate to="/" replace />;

  const enter = (ws: Workspace) => {
    setWorkspace(ws);
    setStep(stepAfterWorkspace(ws));
  };
  // Someone who creates a workspace administers it and gets the invite step; someone joining as a member or guest does not.
  const known = workspace ?? workspaces.data?.[0];
  const total = known && stepAfterWorkspace(known) === "finish" ? 2 : 3;
  const stepNo = { profile: 1, workspace: 2, invite: 3, finish: total }[step];
  return (
    <AuthLayout
      title={
        {
          profile: "Tell us about yourself",
          workspace: "Set up your workspace",
          invite: "Invite your teammates",
          finish: "Opening your workspace",
        }[step]
      }
      subtitle={step === "finish" ? undefined : `Step ${stepNo} of ${total}`}
    >
      {step === "profile" && (
        <ProfileStep
          onDone={() => {
            const ws = workspaces.data?.[0];
            if (ws) enter(ws);
            else setStep("workspace");
          }}
        />
      )}
      {step === "workspace" && <WorkspaceStep onDone={enter} />}
      {step === "invite" && workspace && <InviteStep workspace={workspace} />}
      {step === "finish" && workspace && <FinishStep workspace={workspace} />}
    </AuthLayout>
  );
}

function ProfileStep({ onDone }: { onDone: () => void }) {
  const me = useMe();
  const profile = useProfile();
  const updateMe = useUpdateMe();
  const updateProfile = useUpdateProfile();
  const [first, setFirst] = useState(me.data?.first_name ?? "");
  const [last, setLast] = useState(me.data?.last_name ?? "");
  const [role, setRole] = useState(profile.data?.role ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = updateMe.isPending || updateProfile.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!first.trim()) errs.first_name = "First name is required.";
    if (!role) errs.role = "Choose the role that fits you best.";
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await updateMe.mutateAsync({ first_name: first.trim(), last_name: last.trim() });
      await updateProfile.mutateAsync({
        role,
        onboarding_step: { ...(profile.data?.onboarding_step ?? {}), profile_complete: true } as never,
      });
      onDone();
    } catch (err) {
      setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Profile">
      {formError && <Banner>{formError}</Banner>}
      <AvatarField />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="First name"
          name="first_name"
          autoFocus
          maxLength={255}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          error={errors.first_name}
        />
        <Input
          label="Last name"
          name="last_name"
          maxLength={255}
          value={last}
          onChange={(e) => setLast(e.target.value)}
        />
      </div>
      <Select
        label="What is your role?"
        name="role"
        value={role}
        onChange={(e) => setRole(e.target.value)}
        error={errors.role}
      >
        <option value="">Select a role</option>
        {USER_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Select>
      <Button type="submit" className="w-full" loading={busy}>
        Continue
      </Button>
    </form>
  );
}

function WorkspaceStep({ onDone }: { onDone: (ws: Workspace) => void }) {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitations();
  const profile = useProfile();
  const updateProfile = useUpdateProfile();
  const qc = useQueryClient();
  const [mode, setMode] = useState<"join" | "create" | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const pending = (invitations.data ?? []).filter((i) => !i.accepted);
  const effective = mode ?? (pending.length ? "join" : "create");
  const steps = profile.data?.onboarding_step ?? {};

  const created = async (ws: Workspace) => {
    await updateProfile
      .mutateAsync({ onboarding_step: { ...steps, workspace_create: true } as never })
      .catch(() => undefined);
    // The creator administers the new workspace (the create answer carries no role).
    onDone({ ...ws, role: ws.role ?? ROLE.ADMIN });
  };
  const join = async () => {
    setError(null);
    try {
      await accept.mutateAsync(selected);
      await updateProfile
        .mutateAsync({ onboarding_step: { ...steps, workspace_join: true } as never })
        .catch(() => undefined);
      const list = await qc.fetchQuery({
        queryKey: qk.myWorkspaces,
        queryFn: () => call(U.workspaces, {}),
      });
      const inv = pending.find((p) => p.id === selected[0]);
      const slug = inv && typeof inv.workspace === "object" ? inv.workspace.slug : undefined;
      onDone(list.find((w) => w.slug === slug) ?? list[0]);
    } catch (err) {
      setError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
    }
  };

  if (invitations.isLoading) return <PageSpinner />;
  return (
    <div className="space-y-4">
      {pending.length > 0 && (
        <div className="flex gap-2" role="tablist" aria-label="Join or create">
          <Button
            variant={effective === "join" ? "primary" : "secondary"}
            size="sm"
            role="tab"
            aria-selected={effective === "join"}
            onClick={() => setMode("join")}
          >
            Join a workspace
          </Button>
          <Button
            variant={effective === "create" ? "primary" : "secondary"}
            size="sm"
            role="tab"
            aria-selected={effective === "create"}
            onClick={() => setMode("create")}
          >
            Create a workspace
          </Button>
        </div>
      )}
      {effective === "join" ? (
        <div className="space-y-3">
          {error && <Banner>{error}</Banner>}
          <InvitationList invitations={pending} selected={selected} onChange={setSelected} />
          <Button className="w-full" disabled={!selected.length} loading={accept.isPending} onClick={join}>
            Join selected workspaces
          </Button>
        </div>
      ) : (
        <WorkspaceForm onCreated={created} submitLabel="Create workspace" />
      )}
    </div>
  );
}

/** Mark onboarding done (every step, the workspace as the last one) and open the workspace. */
function useFinishOnboarding(workspace: Workspace) {
  const profile = useProfile();
  const nav = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const finish = async () => {
    setFinishing(true);
    setError(null);
    try {
      const steps = {
        ...(profile.data?.onboarding_step ?? {}),
        profile_complete: true,
        workspace_create: true,
        workspace_invite: true,
        workspace_join: true,
      };
      await call(U.updateProfile, {}, { onboarding_step: steps, last_workspace_id: workspace.id });
      await call(U.onboard, {}, { is_onboarded: true });
      await qc.refetchQueries({ queryKey: qk.settings });
      nav(`/${workspace.slug}/`, { replace: true });
      qc.setQueryData(qk.profile, (p: Profile | undefined) =>
        p ? { ...p, is_onboarded: true, onboarding_step: steps, last_workspace_id: workspace.id } : p,
      );
    } catch (err) {
      setFinishing(false);
      setError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
    }
  };
  return { finish, finishing, error };
}

function InviteStep({ workspace }: { workspace: Workspace }) {
  const { finish, finishing, error } = useFinishOnboarding(workspace);
  return (
    <div className="space-y-4">
      {error && <Banner>{error}</Banner>}
      <p className="text-sm text-fg-subtle">
        Invite people to {workspace.name}. They get an email with a link to join.
      </p>
      <InviteMembersForm
        slug={workspace.slug}
        maxRole={roleBucket(workspace.role) ?? ROLE.ADMIN}
        submitLabel="Invite and continue"
        onDone={() => finish()}
        secondary={
          <Button variant="secondary" loading={finishing} onClick={() => finish()}>
            Skip for now
          </Button>
        }
      />
    </div>
  );
}

/** People who cannot invite (members and guests who joined) skip the invite step: onboarding ends here. */
function FinishStep({ workspace }: { workspace: Workspace }) {
  const { finish, finishing, error } = useFinishOnboarding(workspace);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void finish();
  }, [finish]);
  return (
    <div className="space-y-4">
      {error ? (
        <>
          <Banner>{error}</Banner>
          <Button className="w-full" loading={finishing} onClick={() => finish()}>
            Go to {workspace.name}
          </Button>
        </>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
