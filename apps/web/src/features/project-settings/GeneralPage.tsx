import { useState } from "react";
import { useNavigate } from "react-router";
import type { UseFormReturn } from "react-hook-form";
import { type UpdateProjectBody } from "@stride/shared/contract";
import {
  PROJECT_IDENTIFIER_MAX,
  PROJECT_NAME_MAX,
  PROJECT_NETWORK,
  isOnlyAdmin,
  type ProjectNetwork,
} from "@stride/shared";
import { useCan } from "../../lib/permissions.ts";
import { failToast } from "./refusal.ts";
import {
  useArchiveProject,
  useDeleteProject,
  useLeaveProject,
  useProjectMembers,
  useUpdateProject,
} from "../../api/projects.ts";
import { useMe } from "../../api/users.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { Banner, Button, ConfirmModal, Input, Select, Textarea, useToast } from "../../components/ui/index.ts";
import { useCurrentProject, type CurrentProject } from "../projects/current-project.ts";
import type { Project } from "../../api/types.ts";
import { EmojiButtons, ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { CoverPicker, coverFields, coverOf } from "../../components/project/CoverPicker.tsx";
import { TimezoneSelect } from "../../components/settings/TimezoneSelect.tsx";
import { projectFormErrors } from "../projects/project-list.ts";
import { PublishModal } from "../../components/publish/PublishModal.tsx";
import { schemaCheck, useSettingsForm } from "../../lib/settings-form.ts";

const ONLY_ADMINS_EDIT = "Only project admins can change these settings.";
const ONLY_PROJECT_ADMIN =
  "You are the only admin of this project. Make another member an admin, or delete the project, before leaving.";

/** The general settings form's values for a project. */
function formOf(project: Project) {
  return {
    name: project.name,
    identifier: project.identifier,
    description: project.description ?? "",
    network: project.network as number,
    project_lead: project.project_lead ?? "",
    cover: coverOf(project),
    timezone: project.timezone || "UTC",
    emoji: project.logo_props?.in_use === "emoji" ? (project.logo_props.emoji?.value ?? "") : "",
  };
}

type ProjectForm = ReturnType<typeof formOf>;

/** Project general settings: every role may look; only admins may change anything. */
export function ProjectGeneralSettings() {
  const { slug, projectId, project, projectRole } = useCurrentProject();
  const canEdit = useCan("edit", "project");
  const canPublish = useCan("edit", "publish");
  const [publishOpen, setPublishOpen] = useState(false);
  return (
    <div className="max-w-2xl space-y-8">
      <div className="flex items-center gap-3">
        <ProjectLogo project={project} size="lg" />
        <div>
          <h2 className="text-lg font-semibold">General</h2>
          {!canEdit && <p className="text-sm text-fg-subtle">Only project admins can change these settings.</p>}
        </div>
      </div>
      <ProjectDetailsForm slug={slug} projectId={projectId} project={project} canEdit={canEdit} />

      {canPublish && (
        <section className="space-y-2 rounded-lg border border-line p-4" aria-label="Publish">
          <h3 className="font-medium">Publish</h3>
          <p className="text-sm text-fg-subtle">
            {project.anchor
              ? "This project is published: anyone with its link can see its work items."
              : "Share this project's board and list with anyone, read-only."}
          </p>
          <Button variant="secondary" onClick={() => setPublishOpen(true)}>
            {project.anchor ? "Publish settings" : "Publish"}
          </Button>
        </section>
      )}
      {canPublish && (
        <PublishModal
          slug={slug}
          projectId={projectId}
          open={publishOpen}
          onClose={() => setPublishOpen(false)}
          canEdit={canPublish}
          intakeOn={project.intake_view}
        />
      )}

      <ProjectDangerZone
        slug={slug}
        projectId={projectId}
        project={project}
        projectRole={projectRole}
        canEdit={canEdit}
      />
    </div>
  );
}

/** The update body of the form's values (the submit sends it; the check checks it). */
const toBody = (f: ProjectForm): UpdateProjectBody => ({
  name: f.name.trim(),
  identifier: f.identifier,
  description: f.description,
  network: f.network as ProjectNetwork,
  project_lead: f.project_lead || null,
  ...coverFields(f.cover),
  timezone: f.timezone,
  ...(f.emoji ? { logo_props: { in_use: "emoji", emoji: { value: f.emoji } } } : {}),
});

const checkProject = schemaCheck(
  (c) => c.projectBodies(c.htmlText).update,
  toBody,
  (f: ProjectForm) => projectFormErrors({ ...f, cover_image: f.cover.cover_image }),
);

type DetailsForm = UseFormReturn<ProjectForm>;
type FieldError = (k: string) => string | undefined;

/** The project's details (emoji, name, identifier, description, access, lead, time zone, cover): admins save them. */
function ProjectDetailsForm({
  slug,
  projectId,
  project,
  canEdit,
}: {
  slug: string;
  projectId: string;
  project: Project;
  canEdit: boolean;
}) {
  const update = useUpdateProject(slug, projectId);
  const toast = useToast();
  // the form starts from the project, and starts again when the project changes (a save, a live update)
  const { form, error, formError, onSubmit } = useSettingsForm(formOf(project), checkProject);
  const save = onSubmit((f, onError) => {
    update.mutate(toBody(f), { onSuccess: () => toast.show("success", "Project updated"), onError });
  });
  return (
    <form onSubmit={save} className="space-y-4" noValidate aria-label="Project details">
      {formError && <Banner>{formError}</Banner>}
      <fieldset disabled={!canEdit} title={canEdit ? undefined : ONLY_ADMINS_EDIT} className="space-y-4">
        <NamingFields form={form} error={error} />
        <AccessFields slug={slug} form={form} error={error} />
        <CoverPicker
          slug={slug}
          value={form.watch("cover")}
          onChange={(cover) => form.setValue("cover", cover)}
          error={error("cover_image") ?? error("cover_image_asset")}
          disabled={!canEdit}
        />
        {canEdit && (
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        )}
      </fieldset>
    </form>
  );
}

/** Emoji, name, identifier (upper-case letters and digits) and description. */
function NamingFields({ form, error }: { form: DetailsForm; error: FieldError }) {
  const v = form.watch();
  return (
    <>
      <div>
        <div className="mb-1 text-sm font-medium">Emoji</div>
        <div className="flex flex-wrap gap-1">
          <EmojiButtons chosen={v.emoji} onPick={(value) => form.setValue("emoji", value)} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Input label="Name" maxLength={PROJECT_NAME_MAX} error={error("name")} {...form.register("name")} />
        <Input
          label="Identifier"
          name="identifier"
          maxLength={PROJECT_IDENTIFIER_MAX}
          value={v.identifier}
          onChange={(e) => form.setValue("identifier", e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ""))}
          error={error("identifier")}
        />
      </div>
      <Textarea label="Description" error={error("description")} {...form.register("description")} />
    </>
  );
}

/** Access (public or private), lead and time zone. */
function AccessFields({ slug, form, error }: { slug: string; form: DetailsForm; error: FieldError }) {
  const members = useWorkspaceMembers(slug);
  const v = form.watch();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Access" error={error("network")} {...form.register("network", { valueAsNumber: true })}>
          <option value={PROJECT_NETWORK.PUBLIC}>Public</option>
          <option value={PROJECT_NETWORK.SECRET}>Private</option>
        </Select>
        {/* controlled: its options come after the value (the members load) */}
        <Select
          label="Lead"
          name="project_lead"
          value={v.project_lead}
          onChange={(e) => form.setValue("project_lead", e.target.value)}
          error={error("project_lead")}
        >
          <option value="">No lead</option>
          {(members.data ?? [])
            .filter((m) => m.is_active !== false)
            .map((m) => (
              <option key={m.member.id} value={m.member.id}>
                {m.member.display_name}
              </option>
            ))}
        </Select>
      </div>
      <div className="sm:w-1/2 sm:pr-2">
        <TimezoneSelect
          name="timezone"
          value={v.timezone}
          onChange={(e) => form.setValue("timezone", e.target.value)}
          error={error("timezone")}
        />
      </div>
    </>
  );
}

/** Whether the caller is the project's only admin: the server refuses to let them leave, so the page says so. */
function useSoleAdmin(slug: string, projectId: string) {
  const canManageMembers = useCan("edit", "projectMember");
  const admins = useProjectMembers(slug, projectId, canManageMembers);
  const me = useMe();
  return isOnlyAdmin(
    (admins.data ?? []).map((m) => ({ userId: m.member, role: m.original_role ?? m.role })),
    me.data?.id,
  );
}

/** Archive, delete (typing the project's name) or leave the project (not its only admin). */
function ProjectDangerZone({
  slug,
  projectId,
  project,
  projectRole,
  canEdit,
}: {
  slug: string;
  projectId: string;
  project: Project;
  projectRole: CurrentProject["projectRole"];
  canEdit: boolean;
}) {
  const leave = useLeaveProject(slug, projectId);
  const soleAdmin = useSoleAdmin(slug, projectId);
  const toast = useToast();
  const nav = useNavigate();
  const [confirm, setConfirm] = useState<null | "archive" | "delete" | "leave">(null);
  return (
    <>
      {(canEdit || projectRole) && (
        <section className="space-y-3 rounded-lg border border-danger-line p-4" aria-label="Danger zone">
          <h3 className="font-medium text-danger">Danger zone</h3>
          <div className="flex flex-wrap gap-2">
            {canEdit && (
              <Button variant="secondary" onClick={() => setConfirm("archive")}>
                Archive project
              </Button>
            )}
            {canEdit && (
              <Button variant="danger" onClick={() => setConfirm("delete")}>
                Delete project
              </Button>
            )}
            {projectRole && (
              <Button
                variant="secondary"
                disabledReason={soleAdmin ? ONLY_PROJECT_ADMIN : null}
                onClick={() => setConfirm("leave")}
              >
                Leave project
              </Button>
            )}
          </div>
          {projectRole && soleAdmin && <p className="text-xs text-fg-subtle">{ONLY_PROJECT_ADMIN}</p>}
        </section>
      )}
      <ArchiveProjectModal
        slug={slug}
        projectId={projectId}
        open={confirm === "archive"}
        onClose={() => setConfirm(null)}
      />
      <ConfirmModal
        open={confirm === "leave"}
        onClose={() => setConfirm(null)}
        title="Leave project"
        message="You will lose access to this project unless someone adds you again."
        confirmLabel="Leave"
        loading={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              toast.show("success", "You left the project");
              nav(`/${slug}/projects/`);
            },
            onError: failToast(toast)("Could not leave the project"),
          })
        }
      />
      <DeleteProjectModal
        slug={slug}
        projectId={projectId}
        name={project.name}
        open={confirm === "delete"}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** Archive the project (confirmed), then go to the archives. */
function ArchiveProjectModal({
  slug,
  projectId,
  open,
  onClose,
}: {
  slug: string;
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const archive = useArchiveProject(slug);
  const toast = useToast();
  const nav = useNavigate();
  return (
    <ConfirmModal
      open={open}
      onClose={onClose}
      title="Archive project"
      message="Archived projects are hidden from lists and can be restored from Archives."
      confirmLabel="Archive"
      loading={archive.isPending}
      onConfirm={() =>
        archive.mutate(
          { id: projectId, archive: true },
          {
            onSuccess: () => {
              toast.show("success", "Project archived");
              nav(`/${slug}/projects/archives/`);
            },
            onError: failToast(toast)("Could not archive the project"),
          },
        )
      }
    />
  );
}

/** Delete the project once its name is typed, then go to the projects. */
function DeleteProjectModal({
  slug,
  projectId,
  name,
  open,
  onClose,
}: {
  slug: string;
  projectId: string;
  name: string;
  open: boolean;
  onClose: () => void;
}) {
  const del = useDeleteProject(slug, projectId);
  const toast = useToast();
  const nav = useNavigate();
  const [deleteText, setDeleteText] = useState("");
  return (
    <ConfirmModal
      open={open}
      onClose={() => {
        onClose();
        setDeleteText("");
      }}
      title="Delete project"
      confirmLabel="Delete"
      loading={del.isPending}
      message={
        <div className="space-y-3">
          <p>
            This deletes the project and everything in it. Type <strong>{name}</strong> to confirm.
          </p>
          <Input aria-label="Project name" value={deleteText} onChange={(e) => setDeleteText(e.target.value)} />
        </div>
      }
      onConfirm={() => {
        if (deleteText !== name) {
          toast.show("warning", "Type the project name to confirm");
          return;
        }
        del.mutate(undefined, {
          onSuccess: () => {
            toast.show("success", "Project deleted");
            nav(`/${slug}/projects/`);
          },
          onError: failToast(toast)("Could not delete the project"),
        });
      }}
    />
  );
}
