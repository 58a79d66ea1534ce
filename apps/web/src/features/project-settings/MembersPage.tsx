import { useState } from "react";
import { ROLE, ROLE_LABEL, rolesUpTo, type Role } from "@stride/shared";
import { useCan } from "../../lib/permissions.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import {
  useAddProjectMembers,
  useProjectMembers,
  useRemoveProjectMember,
  useUpdateProjectMember,
} from "../../api/projects.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { useMe } from "../../api/users.ts";
import { Avatar, Button, ConfirmModal, Modal, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

/** Project members: admins and members see the list; admins add, change roles and remove. */
export function ProjectMembersSettings() {
  return (
    <ProjectSettingsGate page="members">
      <Members />
    </ProjectSettingsGate>
  );
}

function Members() {
  const { slug, projectId } = useCurrentProject();
  const canManage = useCan("edit", "projectMember");
  const members = useProjectMembers(slug, projectId);
  const wsMembers = useWorkspaceMembers(slug);
  const me = useMe();
  const updateRole = useUpdateProjectMember(slug, projectId);
  const remove = useRemoveProjectMember(slug, projectId);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  if (members.isLoading || wsMembers.isLoading) return <PageSpinner />;
  const byUser = new Map((wsMembers.data ?? []).map((m) => [m.member.id, m]));
  const rows = (members.data ?? []).map((pm) => ({ pm, ws: byUser.get(pm.member) }));
  const inProject = new Set(rows.map((r) => r.pm.member));
  const candidates = (wsMembers.data ?? []).filter(
    (m) => m.is_active !== false && !inProject.has(m.member.id) && !m.member.is_bot,
  );
  const fail = (t: string) => (err: Error) =>
    toast.show("error", t, err instanceof ApiError ? errorMessage(err.body) : err.message);

  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Members</h2>
        {canManage && (
          <Button onClick={() => setAdding(true)} disabled={!candidates.length}>
            Add member
          </Button>
        )}
      </div>
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Project members">
        {rows.map(({ pm, ws }) => {
          const name = ws?.member.display_name ?? "Unknown user";
          const maxRole = ws?.role ?? ROLE.GUEST;
          const isMe = pm.member === me.data?.id;
          return (
            <li key={pm.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Avatar name={name} url={ws?.member.avatar_url} />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">
                  {name}
                  {isMe ? " (you)" : ""}
                </div>
                <div className="truncate text-xs text-fg-subtle">
                  {[ws?.member.first_name, ws?.member.last_name].filter(Boolean).join(" ")}{" "}
                  {ws?.member.email ? `· ${ws.member.email}` : ""}
                </div>
              </div>
              {canManage && !isMe ? (
                <div className="w-32">
                  <Select
                    aria-label={`Role of ${name}`}
                    value={pm.role}
                    onChange={(e) =>
                      updateRole.mutate(
                        { id: pm.id, role: Number(e.target.value) },
                        {
                          onSuccess: () => toast.show("success", "Role updated"),
                          onError: fail("Could not change the role"),
                        },
                      )
                    }
                  >
                    {rolesUpTo(maxRole).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABEL[r]}
                      </option>
                    ))}
                  </Select>
                </div>
              ) : (
                <span className="text-sm text-fg-muted">{ROLE_LABEL[pm.role as Role] ?? pm.role}</span>
              )}
              {canManage && !isMe && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${name}`}
                  onClick={() => setRemoving({ id: pm.id, name })}
                >
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <AddMemberModal
        open={adding}
        onClose={() => setAdding(false)}
        candidates={candidates.map((m) => ({
          id: m.member.id,
          name: m.member.display_name,
          email: m.member.email,
          wsRole: m.role,
        }))}
      />
      <ConfirmModal
        open={!!removing}
        onClose={() => setRemoving(null)}
        title="Remove member"
        message={`Remove ${removing?.name} from this project?`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.show("success", "Member removed");
            },
            onError: fail("Could not remove the member"),
          })
        }
      />
    </div>
  );
}

function AddMemberModal({
  open,
  onClose,
  candidates,
}: {
  open: boolean;
  onClose: () => void;
  candidates: { id: string; name: string; email?: string; wsRole: number }[];
}) {
  const { slug, projectId } = useCurrentProject();
  const add = useAddProjectMembers(slug, projectId);
  const toast = useToast();
  const [memberId, setMemberId] = useState("");
  const [role, setRole] = useState<number>(ROLE.MEMBER);
  const cand = candidates.find((c) => c.id === memberId);
  const max = cand?.wsRole ?? ROLE.ADMIN;
  const effectiveRole = Math.min(role, max);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add member"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!memberId}
            loading={add.isPending}
            onClick={() =>
              add.mutate([{ member_id: memberId, role: effectiveRole as Role }], {
                onSuccess: () => {
                  toast.show("success", "Member added");
                  setMemberId("");
                  onClose();
                },
                onError: (err) =>
                  toast.show(
                    "error",
                    "Could not add the member",
                    err instanceof ApiError ? errorMessage(err.body) : err.message,
                  ),
              })
            }
          >
            Add
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Select label="Workspace member" value={memberId} onChange={(e) => setMemberId(e.target.value)}>
          <option value="">Choose a person</option>
          {candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.email ? ` (${c.email})` : ""}
            </option>
          ))}
        </Select>
        <Select
          label="Project role"
          value={effectiveRole}
          onChange={(e) => setRole(Number(e.target.value))}
          hint="A project role cannot exceed the person's workspace role."
        >
          {rolesUpTo(max).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </Select>
      </div>
    </Modal>
  );
}
