import { useMemo } from "react";
import type { UseFormReturn } from "react-hook-form";
import { mayTake } from "@stride/shared";
import type { TeamspaceCreateBody } from "@stride/shared/contract";
import { Banner, Button, Input, Modal, Select, Textarea } from "../ui/index.ts";
import { MultiPicker } from "../work-item/MultiPicker.tsx";
import { displayName, PersonOptions } from "../work-item/properties.tsx";
import { EmojiButtons, ProjectLogo } from "../project/ProjectLogo.tsx";
import { useProjects } from "../../api/projects.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { useCreateTeamspace, useUpdateTeamspace, type Teamspace } from "../../api/teamspaces.ts";
import { textToHtml } from "../../lib/html.ts";
import { useDialogForm } from "../../lib/settings-form.ts";

interface Values {
  name: string;
  description: string;
  emoji: string;
  lead: string;
  member_ids: string[];
  project_ids: string[];
}

const fromTeamspace = (t?: Teamspace | null): Values => ({
  name: t?.name ?? "",
  description: t?.description_stripped ?? "",
  emoji:
    t?.logo_props?.in_use === "emoji"
      ? String((t.logo_props.emoji as { value?: string } | undefined)?.value ?? "")
      : "",
  lead: t?.lead ?? "",
  member_ids: t?.member_ids ?? [],
  project_ids: t?.project_ids ?? [],
});

/** A teamspace's logo: its emoji, else its name's first letter. */
export function TeamspaceLogo({
  teamspace,
  size = "sm",
}: {
  teamspace: Pick<Teamspace, "name" | "logo_props">;
  size?: "sm" | "lg";
}) {
  return <ProjectLogo project={{ name: teamspace.name, logo_props: teamspace.logo_props }} size={size} />;
}

/**
 * Create a teamspace, or change one (`teamspace`), as a workspace admin: logo, name, description, lead, members and
 * projects. People are the workspace's members and admins (never guests); projects are those the admin may name
 * (public ones and their own), so a private project they are not in is never offered.
 */
/** The dialog's own check: a name. */
const checkTeamspace = (v: Values): Record<string, string> =>
  v.name.trim() ? {} : { name: "A teamspace needs a name." };

const bodyOf = (v: Values): TeamspaceCreateBody => ({
  name: v.name.trim(),
  description_html: v.description.trim() ? textToHtml(v.description) : "<p></p>",
  logo_props: v.emoji ? { in_use: "emoji", emoji: { value: v.emoji } } : {},
  lead: v.lead || null,
  member_ids: v.member_ids,
  project_ids: v.project_ids,
});

export function TeamspaceFormModal({
  slug,
  teamspace,
  onClose,
  onSaved,
}: {
  slug: string;
  teamspace?: Teamspace | null;
  onClose: () => void;
  onSaved?: (t: Teamspace) => void;
}) {
  const create = useCreateTeamspace(slug);
  const update = useUpdateTeamspace(slug, teamspace?.id ?? "");
  const choices = useTeamspaceChoices(slug);
  const { form, error, formError, onSubmit } = useDialogForm(
    fromTeamspace(teamspace),
    checkTeamspace,
    (e) => e.message,
  );
  const emoji = form.watch("emoji");
  const pending = create.isPending || update.isPending;

  const submit = onSubmit((values, onError) => {
    const done = (t: Teamspace) => {
      onSaved?.(t);
      onClose();
    };
    if (teamspace) update.mutate(bodyOf(values), { onSuccess: done, onError });
    else create.mutate(bodyOf(values), { onSuccess: done, onError });
  });

  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={teamspace ? "Edit teamspace" : "Create teamspace"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={pending}>
            {teamspace ? "Save changes" : "Create teamspace"}
          </Button>
        </>
      }
    >
      <form className="space-y-3" onSubmit={(e) => void submit(e)}>
        {formError && <Banner>{formError}</Banner>}
        <LogoChoice value={emoji} onChange={(emoji) => form.setValue("emoji", emoji)} />
        <Input
          label="Name"
          maxLength={255}
          error={error("name")}
          placeholder="Teamspace name"
          {...form.register("name")}
        />
        <Textarea label="Description" error={error("description_html")} {...form.register("description")} />
        <PeopleAndProjects form={form} error={error} choices={choices} />
      </form>
    </Modal>
  );
}

/** The lead, the members and the projects. */
function PeopleAndProjects({
  form,
  error,
  choices: { people, personById, offered, projectById },
}: {
  form: UseFormReturn<Values>;
  error: (k: string) => string | undefined;
  choices: ReturnType<typeof useTeamspaceChoices>;
}) {
  const [member_ids, project_ids] = form.watch(["member_ids", "project_ids"]);
  return (
    <>
      <Select label="Lead" error={error("lead")} {...form.register("lead")}>
        <option value="">No lead</option>
        <PersonOptions people={people} />
      </Select>
      <MultiPicker
        label="Members"
        options={() => people.map((p) => ({ value: p.id, label: displayName(p), keywords: p.display_name }))}
        value={member_ids}
        onChange={(ids) => form.setValue("member_ids", ids)}
        names={member_ids.map((id) => displayName(personById.get(id)))}
        placeholder="Add members"
        error={error("member_ids")}
        hint="The lead is always a member. Guests cannot join teamspaces."
      />
      <MultiPicker
        label="Projects"
        options={() =>
          offered.map((p) => ({
            value: p.id,
            label: p.name,
            keywords: p.identifier,
            icon: <ProjectLogo project={p} />,
          }))
        }
        value={project_ids}
        onChange={(ids) => form.setValue("project_ids", ids)}
        names={project_ids.map((id) => projectById.get(id)?.name).filter(Boolean)}
        placeholder="Add projects"
        error={error("project_ids")}
        hint="Each member sees only the work items of the projects they belong to."
      />
    </>
  );
}

/**
 * Whom and what a teamspace may hold: the workspace's active members and admins (no guests, no bots), and the
 * projects the admin may name (public ones and their own).
 */
function useTeamspaceChoices(slug: string) {
  const members = useWorkspaceMembers(slug);
  const projects = useProjects(slug);
  const people = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.is_active !== false && mayTake("teamspaceMember", m.role) && !m.member.is_bot)
        .map((m) => m.member),
    [members.data],
  );
  const personById = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const offered = useMemo(
    () => (projects.data ?? []).filter((p) => !p.archived_at && (p.member_role || p.network === 2)),
    [projects.data],
  );
  const projectById = useMemo(() => new Map(offered.map((p) => [p.id, p])), [offered]);
  return { people, personById, offered, projectById };
}

/** The logo's emoji: one of the set, chosen again to go back to the name's first letter. */
function LogoChoice({ value: chosen, onChange }: { value: string; onChange: (emoji: string) => void }) {
  return (
    <div>
      <div className="mb-1 text-sm font-medium">Logo</div>
      <div role="group" aria-label="Logo" className="flex flex-wrap gap-1">
        <EmojiButtons chosen={chosen} onPick={(value) => onChange(chosen === value ? "" : value)} />
      </div>
    </div>
  );
}
