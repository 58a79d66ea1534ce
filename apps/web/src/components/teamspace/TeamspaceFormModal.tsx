import { useMemo, useState } from "react";
import { mayTake } from "@stride/shared";
import type { TeamspaceCreateBody } from "@stride/shared/contract";
import { Banner, Button, Input, Modal, Select, Textarea } from "../ui/index.ts";
import { Dropdown, type Option } from "../work-item/Dropdown.tsx";
import { displayName } from "../work-item/properties.tsx";
import { EMOJIS, ProjectLogo, emojiFromValue, emojiToValue } from "../project/ProjectLogo.tsx";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useProjects } from "../../api/projects.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { useCreateTeamspace, useUpdateTeamspace, type Teamspace } from "../../api/teamspaces.ts";
import { textToHtml } from "../../lib/html.ts";

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

const PICKER =
  "flex min-h-9 w-full items-center gap-2 rounded-md border border-line-strong px-3 py-1.5 text-left text-sm";

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
  const members = useWorkspaceMembers(slug);
  const projects = useProjects(slug);
  const [v, setV] = useState<Values>(() => fromTeamspace(teamspace));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (p: Partial<Values>) => setV((cur) => ({ ...cur, ...p }));
  const pending = create.isPending || update.isPending;

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

  const submit = () => {
    const name = v.name.trim();
    if (!name) {
      setErrors({ name: "A teamspace needs a name." });
      return;
    }
    setErrors({});
    setFailure(null);
    const body: TeamspaceCreateBody = {
      name,
      description_html: v.description.trim() ? textToHtml(v.description) : "<p></p>",
      logo_props: v.emoji ? { in_use: "emoji", emoji: { value: v.emoji } } : {},
      lead: v.lead || null,
      member_ids: v.member_ids,
      project_ids: v.project_ids,
    };
    const onError = (e: Error) => {
      const fe = fieldErrors(e);
      if (Object.keys(fe).length) setErrors(fe);
      else setFailure((e instanceof ApiError ? errorMessage(e.body) : null) ?? e.message);
    };
    const done = (t: Teamspace) => {
      onSaved?.(t);
      onClose();
    };
    if (teamspace) update.mutate(body, { onSuccess: done, onError });
    else create.mutate(body, { onSuccess: done, onError });
  };

  const memberNames = v.member_ids.map((id) => displayName(personById.get(id)));
  const projectNames = v.project_ids.map((id) => projectById.get(id)?.name).filter(Boolean);
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
          <Button onClick={submit} disabled={pending}>
            {teamspace ? "Save changes" : "Create teamspace"}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {failure && <Banner>{failure}</Banner>}
        <div>
          <div className="mb-1 text-sm font-medium">Logo</div>
          <div role="group" aria-label="Logo" className="flex flex-wrap gap-1">
            {EMOJIS.map((em) => {
              const value = emojiToValue(em);
              return (
                <button
                  key={em}
                  type="button"
                  aria-pressed={v.emoji === value}
                  aria-label={`Emoji ${em}`}
                  onClick={() => set({ emoji: v.emoji === value ? "" : value })}
                  className={`h-8 w-8 rounded text-lg ${v.emoji === value ? "bg-accent-soft ring-2 ring-indigo-500" : "hover:bg-fill"}`}
                >
                  {emojiFromValue(value)}
                </button>
              );
            })}
          </div>
        </div>
        <Input
          label="Name"
          value={v.name}
          maxLength={255}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          placeholder="Teamspace name"
        />
        <Textarea
          label="Description"
          value={v.description}
          onChange={(e) => set({ description: e.target.value })}
          error={errors.description_html}
        />
        <Select label="Lead" value={v.lead} onChange={(e) => set({ lead: e.target.value })} error={errors.lead}>
          <option value="">No lead</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {displayName(p)}
            </option>
          ))}
        </Select>
        <MultiPicker
          label="Members"
          options={() => people.map((p) => ({ value: p.id, label: displayName(p), keywords: p.display_name }))}
          value={v.member_ids}
          onChange={(ids) => set({ member_ids: ids })}
          names={memberNames}
          placeholder="Add members"
          error={errors.member_ids}
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
          value={v.project_ids}
          onChange={(ids) => set({ project_ids: ids })}
          names={projectNames}
          placeholder="Add projects"
          error={errors.project_ids}
          hint="Each member sees only the work items of the projects they belong to."
        />
      </form>
    </Modal>
  );
}

/** A labelled multiple choice (members, projects): the chosen names on the button, an error, a hint. */
function MultiPicker({
  label,
  options,
  value,
  onChange,
  names,
  placeholder,
  error,
  hint,
}: {
  label: string;
  options: () => Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  names: (string | undefined)[];
  placeholder: string;
  error?: string;
  hint: string;
}) {
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-fg-muted">{label}</span>
      <Dropdown
        label={label}
        multiple
        options={options}
        value={value}
        onChange={(ids) => onChange((ids as string[]) ?? [])}
        buttonClassName={PICKER}
        emptyText={`No ${label.toLowerCase()}`}
        button={
          <span className="truncate">
            {names.length ? names.join(", ") : <span className="text-fg-faint">{placeholder}</span>}
          </span>
        }
      />
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <p className="text-xs text-fg-subtle">{hint}</p>
    </div>
  );
}
