import { useEffect, useState, type ReactNode } from "react";
import { useForm, type Path, type PathValue } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  PROJECT_IDENTIFIER_MAX,
  PROJECT_NAME_MAX,
  PROJECT_NETWORK,
  mayTake,
  type ProjectNetwork,
} from "@stride/shared";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useCreateProject, useProjectCovers } from "../../api/projects.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { useMe } from "../../api/users.ts";
import type { LogoProps } from "../../api/types.ts";
import { Banner, Button, Input, Modal, Select, Textarea, useToast, cx } from "../../components/ui/index.ts";
import { deriveIdentifier, projectFormErrors } from "./project-list.ts";
import { EMOJIS, ICONS, emojiToValue } from "../../components/project/ProjectLogo.tsx";
import { CoverPicker, NO_COVER, coverFields, type CoverValue } from "../../components/project/CoverPicker.tsx";

const CODE_TEXT: Record<string, string> = {
  PROJECT_NAME_ALREADY_EXIST: "A project with this name already exists.",
  PROJECT_IDENTIFIER_ALREADY_EXIST: "A project with this identifier already exists.",
  PROJECT_IDENTIFIER_CANNOT_CONTAIN_SPECIAL_CHARACTERS: "Only letters and digits are allowed.",
};
const readable = (s?: string) => (s ? (CODE_TEXT[s] ?? s) : undefined);

type ProjectCreateForm = {
  name: string;
  identifier: string;
  description: string;
  network: ProjectNetwork;
  lead: string;
  logo: LogoProps;
  cover: CoverValue;
};

const blank = (emoji: string): ProjectCreateForm => ({
  name: "",
  identifier: "",
  description: "",
  network: PROJECT_NETWORK.PUBLIC,
  lead: "",
  logo: { in_use: "emoji", emoji: { value: emojiToValue(emoji) } },
  cover: NO_COVER,
});

/**
 * The create-project form: client checks run live once a submit was tried; a server error stays until its field is
 * edited. Closing the dialog starts it afresh (with another emoji).
 */
function useCreateProjectForm(slug: string, open: boolean, onClose: () => void) {
  const create = useCreateProject(slug);
  const nav = useNavigate();
  const toast = useToast();
  const form = useForm<ProjectCreateForm>({ defaultValues: blank(EMOJIS[0]) });
  const v = form.watch();
  const [identifierTouched, setIdentifierTouched] = useState(false);
  const [coverTouched, setCoverTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const clientErrors = projectFormErrors({ name: v.name, identifier: v.identifier, cover_image: v.cover.cover_image });
  const errors: Record<string, string> = { ...serverErrors, ...(form.formState.isSubmitted ? clientErrors : {}) };
  const edited = (...fields: string[]) =>
    setServerErrors((e) =>
      fields.some((f) => f in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))) : e,
    );

  useEffect(() => {
    if (!open) {
      form.reset(blank(EMOJIS[Math.floor(Math.random() * EMOJIS.length)]));
      setIdentifierTouched(false);
      setCoverTouched(false);
      setServerErrors({});
      setFormError(null);
    }
  }, [open, form]);

  const submit = form.handleSubmit((f) => {
    setServerErrors({});
    setFormError(null);
    if (Object.keys(clientErrors).length) return;
    create.mutate(
      {
        name: f.name.trim(),
        identifier: f.identifier,
        description: f.description,
        network: f.network,
        project_lead: f.lead || null,
        logo_props: f.logo,
        ...(f.cover.cover_image || f.cover.cover_image_asset ? coverFields(f.cover) : {}),
      },
      {
        onSuccess: (p) => {
          toast.show("success", "Project created", p.name);
          onClose();
          nav(`/${slug}/projects/${p.id}/issues/`);
        },
        onError: (err) => {
          const fe = fieldErrors(err);
          setServerErrors(Object.fromEntries(Object.entries(fe).map(([k, m]) => [k, readable(m) ?? m])));
          if (!Object.keys(fe).length)
            setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
        },
      },
    );
  });

  /** A field changed by the person: its server error goes; the name gives the identifier until that is typed. */
  const change = <K extends Path<ProjectCreateForm>>(
    key: K,
    value: PathValue<ProjectCreateForm, K>,
    ...fields: string[]
  ) => {
    form.setValue(key, value);
    edited(...(fields.length ? fields : [key]));
    if (key === "name" && !identifierTouched) {
      form.setValue("identifier", deriveIdentifier(value as string));
      edited("identifier");
    }
    if (key === "identifier") setIdentifierTouched(true);
    if (key === "cover") setCoverTouched(true);
  };
  const covers = useProjectCovers(open);

  // a new project starts with one of the offered covers, as in Plane's dialog, until the person picks their own
  const offered = covers.data;
  useEffect(() => {
    if (open && !coverTouched && offered?.length) {
      const url = offered[Math.floor(Math.random() * offered.length)];
      form.setValue("cover", { cover_image: url, cover_image_asset: null, preview: url });
    }
  }, [open, coverTouched, offered, form]);
  return { form, v, errors, formError, submit, change, pending: create.isPending };
}

/** Create-project modal (name, identifier, description, network, lead, logo, cover). */
export function CreateProjectModal({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const { form, v, errors, formError, submit, change, pending } = useCreateProjectForm(slug, open, onClose);
  return (
    <Modal open={open} onClose={onClose} title="Create project" wide>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-label="Create project">
        {formError && <Banner>{formError}</Banner>}
        <LogoPicker logo={v.logo} onChange={(logo) => form.setValue("logo", logo)} />
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Input
            label="Name"
            name="name"
            autoFocus
            required
            maxLength={PROJECT_NAME_MAX}
            value={v.name}
            onChange={(e) => change("name", e.target.value)}
            error={errors.name}
            placeholder="Project name"
          />
          <Input
            label="Identifier"
            name="identifier"
            required
            maxLength={PROJECT_IDENTIFIER_MAX}
            value={v.identifier}
            onChange={(e) => change("identifier", e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ""))}
            error={errors.identifier}
            hint="Up to 12 letters or digits"
          />
        </div>
        <Textarea
          label="Description"
          name="description"
          value={v.description}
          onChange={(e) => change("description", e.target.value)}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Access"
            name="network"
            value={v.network}
            onChange={(e) => change("network", Number(e.target.value) as ProjectNetwork)}
            error={errors.network}
          >
            <option value={PROJECT_NETWORK.PUBLIC}>Public — every workspace member can join</option>
            <option value={PROJECT_NETWORK.SECRET}>Private — by invitation only</option>
          </Select>
          <LeadSelect
            slug={open ? slug : undefined}
            value={v.lead}
            onChange={(lead) => change("lead", lead, "project_lead")}
            error={errors.project_lead}
          />
        </div>
        <CoverPicker
          slug={slug}
          value={v.cover}
          onChange={(cover) => change("cover", cover, "cover_image", "cover_image_asset")}
          error={errors.cover_image ?? errors.cover_image_asset}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create project
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The project's lead: none, or a workspace member who may lead a project. */
function LeadSelect({
  slug,
  value,
  onChange,
  error,
}: {
  slug: string | undefined;
  value: string;
  onChange: (lead: string) => void;
  error: string | undefined;
}) {
  const members = useWorkspaceMembers(slug);
  const me = useMe();
  return (
    <Select label="Lead" name="project_lead" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">No lead</option>
      {(members.data ?? [])
        .filter((m) => m.is_active !== false && mayTake("projectLead", m.role))
        .map((m) => (
          <option key={m.member.id} value={m.member.id}>
            {m.member.display_name}
            {m.member.id === me.data?.id ? " (you)" : ""}
          </option>
        ))}
    </Select>
  );
}

/** The project's logo: one of the emojis or one of the icons. */
function LogoPicker({ logo, onChange }: { logo: LogoProps; onChange: (logo: LogoProps) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Logo</legend>
      <div className="flex flex-wrap gap-1" role="radiogroup" aria-label="Project logo">
        {EMOJIS.map((em) => {
          const value = emojiToValue(em);
          return (
            <LogoTile
              key={em}
              active={logo.in_use === "emoji" && logo.emoji?.value === value}
              label={`Emoji ${em}`}
              onPick={() => onChange({ in_use: "emoji", emoji: { value } })}
            >
              {em}
            </LogoTile>
          );
        })}
        {Object.entries(ICONS).map(([iname, Glyph]) => (
          <LogoTile
            key={iname}
            active={logo.in_use === "icon" && logo.icon?.name === iname}
            label={`Icon ${iname}`}
            onPick={() => onChange({ in_use: "icon", icon: { name: iname, color: "#6366f1" } })}
            className="text-indigo-500"
          >
            <Glyph size={18} strokeWidth={2} aria-hidden focusable="false" className="mx-auto" />
          </LogoTile>
        ))}
      </div>
    </fieldset>
  );
}

/** One choice of the logo picker (a radio): ringed when chosen. */
function LogoTile({
  active,
  label,
  onPick,
  className,
  children,
}: {
  active: boolean;
  label: string;
  onPick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={active}
      aria-label={label}
      onClick={onPick}
      className={cx(
        "h-8 w-8 rounded text-lg",
        className,
        active ? "bg-accent-soft ring-2 ring-indigo-500" : "hover:bg-fill",
      )}
    >
      {children}
    </button>
  );
}
