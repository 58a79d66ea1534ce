import { useState } from "react";
import { type AddProjectMembersBody } from "@stride/shared/contract";
import { ROLE, ROLE_LABEL, rolesUpTo, type Role } from "@stride/shared";
import { useCan } from "../../lib/permissions.ts";
import { hasFieldErrors } from "../../api/client.ts";
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
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { failToast } from "./refusal.ts";

/** Project members: admins and members see the list; admins add, change roles and remove. */
export function ProjectMembersSettings() {
  return (
    <ProjectSettingsGate page="members">
      <Members />
    </ProjectSettingsGate>
  );
}

type ProjectMember = NonNullable<ReturnType<typeof useProjectMembers>["data"]>[number];
type WorkspaceMember = NonNullable<ReturnType<typeof useWorkspaceMembers>["data"]>[number];

function Members() {
  const { slug, projectId } = useCurrentProject();
  const canManage = useCan("edit", "projectMember");
  const members = useProjectMembers(slug, projectId);
  const wsMembers = useWorkspaceMembers(slug);
  const me = useMe();
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
        {rows.map(({ pm, ws }) => (
          <MemberRow
            key={pm.id}
            pm={pm}
            ws={ws}
            manage={canManage && pm.member !== me.data?.id}
            isMe={pm.member === me.data?.id}
            onRemove={(name) => setRemoving({ id: pm.id, name })}
          />
        ))}
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
            onError: failToast(toast)("Could not remove the member"),
          })
        }
      />
    </div>
  );
}

/** A project member: who, and their role (changed, and the member removed, by admins; not their own). */
function MemberRow({
  pm,
  ws,
  manage,
  isMe,
  onRemove,
}: {
  pm: ProjectMember;
  ws: WorkspaceMember | undefined;
  manage: boolean;
  isMe: boolean;
  onRemove: (name: string) => void;
}) {
  const { slug, projectId } = useCurrentProject();
  const updateRole = useUpdateProjectMember(slug, projectId);
  const toast = useToast();
  const name = ws?.member.display_name ?? "Unknown user";
  const maxRole = ws?.role ?? ROLE.GUEST;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
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
      {manage ? (
        <div className="w-32">
          <Select
            aria-label={`Role of ${name}`}
            value={pm.role}
            onChange={(e) =>
              updateRole.mutate(
                { id: pm.id, role: Number(e.target.value) },
                {
                  onSuccess: () => toast.show("success", "Role updated"),
                  onError: failToast(toast)("Could not change the role"),
                },
              )
            }
          >
            <RoleOptions max={maxRole} />
          </Select>
        </div>
      ) : (
        <span className="text-sm text-fg-muted">{ROLE_LABEL[pm.role as Role] ?? pm.role}</span>
      )}
      {manage && (
        <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={() => onRemove(name)}>
          Remove
        </Button>
      )}
    </li>
  );
}

interface Candidate {
  id: string;
  name: string;
  email?: string;
  wsRole: number;
}

interface AddValues {
  member_id: string;
  role: number;
}

/** A workspace member added to the project with a role up to their workspace role. */
function AddMemberModal({
  open,
  onClose,
  candidates,
}: {
  open: boolean;
  onClose: () => void;
  candidates: Candidate[];
}) {
  const { slug, projectId } = useCurrentProject();
  const add = useAddProjectMembers(slug, projectId);
  const toast = useToast();
  const maxOf = (id: string) => candidates.find((c) => c.id === id)?.wsRole ?? ROLE.ADMIN;
  const toBody = (v: AddValues): AddProjectMembersBody => ({
    members: [{ member_id: v.member_id, role: Math.min(v.role, maxOf(v.member_id)) as Role }],
  });
  const { form, error, onSubmit } = useDialogForm<AddValues>(
    { member_id: "", role: ROLE.MEMBER },
    schemaCheck((c) => c.addProjectMembersBody, toBody, undefined, { members: "member_id" }),
  );
  const [memberId, role] = form.watch(["member_id", "role"]);
  const max = maxOf(memberId);
  const submit = onSubmit((v, onError) =>
    add.mutate(toBody(v).members, {
      onSuccess: () => {
        toast.show("success", "Member added");
        form.reset({ member_id: "", role: v.role });
        onClose();
      },
      onError: (err) => (hasFieldErrors(err) ? onError(err) : failToast(toast)("Could not add the member")(err)),
    }),
  );
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
          <Button disabled={!memberId} loading={add.isPending} onClick={() => void submit()}>
            Add
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Select label="Workspace member" error={error("member_id") ?? error("members")} {...form.register("member_id")}>
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
          value={Math.min(role, max)}
          onChange={(e) => form.setValue("role", Number(e.target.value))}
          hint="A project role cannot exceed the person's workspace role."
        >
          <RoleOptions max={max} />
        </Select>
      </div>
    </Modal>
  );
}

/** A role select's options: the roles up to `max`. */
function RoleOptions({ max }: { max: number }) {
  return rolesUpTo(max).map((r) => (
    <option key={r} value={r}>
      {ROLE_LABEL[r]}
    </option>
  ));
}
