import { useState } from "react";
import { useNavigate } from "react-router";
import { ROLE_LABEL, isOnlyAdmin, rolesUpTo, type Role } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useMe } from "../../api/users.ts";
import type { Invitation, WorkspaceMember } from "../../api/types.ts";
import {
  useDeleteInvitation,
  useLeaveWorkspace,
  useRemoveWorkspaceMember,
  useUpdateInvitation,
  useUpdateWorkspaceMember,
  useWorkspaceInvitations,
  useWorkspaceMembers,
} from "../../api/workspaces.ts";
import {
  Avatar,
  Button,
  ConfirmModal,
  Input,
  Modal,
  PageSpinner,
  Select,
  useToast,
} from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { InviteMembersForm } from "../../components/workspace/InviteMembersForm.tsx";

const ONLY_WORKSPACE_ADMIN =
  "You are the only admin of this workspace, so you cannot leave it. Make another member an admin, or delete the workspace.";

/** Workspace members (search, role change, remove, leave) and pending invitations. */
export function WorkspaceMembersSettings() {
  const { slug, role } = useCurrentWorkspace();
  const members = useWorkspaceMembers(slug);
  const invitations = useWorkspaceInvitations(slug);
  const me = useMe();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Removing | null>(null);
  if (members.isLoading) return <PageSpinner />;
  const list = matching(members.data ?? [], search);
  const pending = (invitations.data ?? []).filter((i) => !i.accepted && !i.responded_at);
  // The server refuses to let the only admin leave; say so instead of offering it.
  const soleAdmin = isOnlyAdmin(
    (members.data ?? []).map((m) => ({ userId: m.member.id, role: m.role, active: m.is_active })),
    me.data?.id,
  );

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Members</h2>
        <div className="flex items-center gap-2">
          <div className="w-56">
            <Input
              aria-label="Search members"
              placeholder="Search members"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Button onClick={() => setInviting(true)}>Add members</Button>
        </div>
      </div>
      {soleAdmin && <p className="text-sm text-fg-subtle">{ONLY_WORKSPACE_ADMIN}</p>}
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Workspace members">
        {list.map((m) => (
          <MemberRow
            key={m.id}
            slug={slug}
            member={m}
            isMe={m.member.id === me.data?.id}
            soleAdmin={soleAdmin}
            onRemove={setRemoving}
          />
        ))}
      </ul>
      {pending.length > 0 && <PendingInvitations slug={slug} pending={pending} />}
      <Modal open={inviting} onClose={() => setInviting(false)} title="Invite people">
        <InviteMembersForm
          slug={slug}
          maxRole={role}
          onDone={(n) => {
            setInviting(false);
            toast.show("success", n === 1 ? "Invitation sent" : `${n} invitations sent`);
          }}
        />
      </Modal>
      <RemoveMember slug={slug} removing={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

type Member = WorkspaceMember;
type Removing = { id: string; name: string; self: boolean };

/** The active members whose names or email contain the search. */
function matching(members: Member[], search: string): Member[] {
  const q = search.trim().toLowerCase();
  return members
    .filter((m) => m.is_active !== false)
    .filter(
      (m) =>
        !q ||
        [m.member.first_name, m.member.last_name, m.member.display_name, m.member.email].some((v) =>
          (v ?? "").toLowerCase().includes(q),
        ),
    );
}

/** A toast for a failed change, with the server's words. */
function useFail() {
  const toast = useToast();
  return (t: string) => (err: Error) =>
    toast.show("error", t, err instanceof ApiError ? errorMessage(err.body) : err.message);
}

/** The roles the caller may give, as options. */
function RoleOptions() {
  const { role } = useCurrentWorkspace();
  return (
    <>
      {rolesUpTo(role).map((r) => (
        <option key={r} value={r}>
          {ROLE_LABEL[r]}
        </option>
      ))}
    </>
  );
}

/** One member: name and email, the role (a picker for others), and remove (or leave, for oneself). */
function MemberRow({
  slug,
  member: m,
  isMe,
  soleAdmin,
  onRemove,
}: {
  slug: string;
  member: Member;
  isMe: boolean;
  soleAdmin: boolean;
  onRemove: (r: Removing) => void;
}) {
  const updateRole = useUpdateWorkspaceMember(slug);
  const toast = useToast();
  const fail = useFail();
  const name = m.member.display_name;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-member={m.member.email ?? name}>
      <Avatar name={name} url={m.member.avatar_url} />
      <div className="min-w-0 flex-1">
        <div className="truncate font-medium">
          {name}
          {isMe ? " (you)" : ""}
        </div>
        <div className="truncate text-xs text-fg-subtle">
          {[m.member.first_name, m.member.last_name].filter(Boolean).join(" ")}
          {m.member.email ? ` · ${m.member.email}` : ""}
        </div>
      </div>
      {!isMe ? (
        <div className="w-32">
          <Select
            aria-label={`Role of ${name}`}
            value={m.role}
            onChange={(e) =>
              updateRole.mutate(
                { id: m.id, role: Number(e.target.value) },
                {
                  onSuccess: () => toast.show("success", "Role updated"),
                  onError: fail("Could not change the role"),
                },
              )
            }
          >
            <RoleOptions />
          </Select>
        </div>
      ) : (
        <span className="text-sm text-fg-muted">{ROLE_LABEL[m.role as Role]}</span>
      )}
      <Button
        variant="ghost"
        size="sm"
        aria-label={isMe ? "Leave workspace" : `Remove ${name}`}
        disabledReason={isMe && soleAdmin ? ONLY_WORKSPACE_ADMIN : null}
        onClick={() => onRemove({ id: m.id, name, self: isMe })}
      >
        {isMe ? "Leave" : "Remove"}
      </Button>
    </li>
  );
}

/** The invitations not answered yet: the invited role can be changed, or the invitation cancelled. */
function PendingInvitations({ slug, pending }: { slug: string; pending: Invitation[] }) {
  const updateInv = useUpdateInvitation(slug);
  const deleteInv = useDeleteInvitation(slug);
  const toast = useToast();
  const fail = useFail();
  return (
    <section aria-label="Pending invitations" className="space-y-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">Pending invitations</h3>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {pending.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-invitation={inv.email}>
            <div className="min-w-0 flex-1 truncate">{inv.email}</div>
            <div className="w-32">
              <Select
                aria-label={`Invited role of ${inv.email}`}
                value={inv.role}
                onChange={(e) =>
                  updateInv.mutate(
                    { id: inv.id, role: Number(e.target.value) },
                    { onError: fail("Could not change the invitation") },
                  )
                }
              >
                <RoleOptions />
              </Select>
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Cancel invitation of ${inv.email}`}
              onClick={() =>
                deleteInv.mutate(inv.id, {
                  onSuccess: () => toast.show("success", "Invitation cancelled"),
                  onError: fail("Could not cancel the invitation"),
                })
              }
            >
              Cancel
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Asks before removing a member, or before leaving (oneself); leaving goes home. */
function RemoveMember({ slug, removing, onClose }: { slug: string; removing: Removing | null; onClose: () => void }) {
  const remove = useRemoveWorkspaceMember(slug);
  const leave = useLeaveWorkspace(slug);
  const toast = useToast();
  const nav = useNavigate();
  const fail = useFail();
  return (
    <ConfirmModal
      open={!!removing}
      onClose={onClose}
      title={removing?.self ? "Leave workspace" : "Remove member"}
      message={
        removing?.self
          ? "You will lose access to this workspace."
          : `Remove ${removing?.name} from this workspace? They lose access to its projects.`
      }
      confirmLabel={removing?.self ? "Leave" : "Remove"}
      loading={remove.isPending || leave.isPending}
      onConfirm={() => {
        if (!removing) return;
        if (removing.self)
          leave.mutate(undefined, {
            onSuccess: () => nav("/"),
            onError: (e) => {
              onClose();
              fail("Could not leave the workspace")(e);
            },
          });
        else
          remove.mutate(removing.id, {
            onSuccess: () => {
              onClose();
              toast.show("success", "Member removed");
            },
            onError: (e) => {
              onClose();
              fail("Could not remove the member")(e);
            },
          });
      }}
    />
  );
}
