import { useEffect, useState, type FormEvent } from "react";
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

/** Create-project modal (name, identifier, description, network, lead, logo, cover). */
export function CreateProjectModal({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const create = useCreateProject(slug);
  const members = useWorkspaceMembers(open ? slug : undefined);
  const me = useMe();
  const nav = useNavigate();
  const toast = useToast();
  const [name, setName] = useState("");
  const [identifier, setIdentifier] = useState("");
  const [identifierTouched, setIdentifierTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [network, setNetwork] = useState<ProjectNetwork>(PROJECT_NETWORK.PUBLIC);
  const [lead, setLead] = useState("");
  const [logo, setLogo] = useState<LogoProps>({ in_use: "emoji", emoji: { value: emojiToValue(EMOJIS[0]) } });
  const [cover, setCover] = useState<CoverValue>(NO_COVER);
  const [coverTouched, setCoverTouched] = useState(false);
  const covers = useProjectCovers(open);
  // Client checks run live once a submit was tried; a server error stays until its field is edited.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const clientErrors = projectFormErrors({ name, identifier, cover_image: cover.cover_image });
  const errors: Record<string, string> = { ...serverErrors, ...(submitted ? clientErrors : {}) };
  const edited = (...fields: string[]) =>
    setServerErrors((e) =>
      fields.some((f) => f in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))) : e,
    );

  useEffect(() => {
    if (!open) {
      setName("");
      setIdentifier("");
      setIdentifierTouched(false);
      setDescription("");
      setNetwork(PROJECT_NETWORK.PUBLIC);
      setLead("");
      setCover(NO_COVER);
      setCoverTouched(false);
      setSubmitted(false);
      setServerErrors({});
      setFormError(null);
      setLogo({ in_use: "emoji", emoji: { value: emojiToValue(EMOJIS[Math.floor(Math.random() * EMOJIS.length)]) } });
    }
  }, [open]);

  // a new project starts with one of the offered covers, as in Plane's dialog, until the person picks their own
  const offered = covers.data;
  useEffect(() => {
    if (open && !coverTouched && offered?.length) {
      const url = offered[Math.floor(Math.random() * offered.length)];
      setCover({ cover_image: url, cover_image_asset: null, preview: url });
    }
  }, [open, coverTouched, offered]);

  const onName = (v: string) => {
    setName(v);
    edited("name");
    if (!identifierTouched) {
      setIdentifier(deriveIdentifier(v));
      edited("identifier");
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    if (Object.keys(clientErrors).length) return;
    create.mutate(
      {
        name: name.trim(),
        identifier,
        description,
        network,
        project_lead: lead || null,
        logo_props: logo,
        ...(cover.cover_image || cover.cover_image_asset ? coverFields(cover) : {}),
      },
      {
        onSuccess: (p) => {
          toast.show("success", "Project created", p.name);
          onClose();
          nav(`/${slug}/projects/${p.id}/issues/`);
        },
        onError: (err) => {
          const fe = fieldErrors(err);
          const mapped = Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, readable(v) ?? v]));
          setServerErrors(mapped);
          if (!Object.keys(fe).length)
            setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title="Create project" wide>
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Create project">
        {formError && <Banner>{formError}</Banner>}
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Logo</legend>
          <div className="flex flex-wrap gap-1" role="radiogroup" aria-label="Project logo">
            {EMOJIS.map((em) => {
              const value = emojiToValue(em);
              const active = logo.in_use === "emoji" && logo.emoji?.value === value;
              return (
                <button
                  key={em}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  aria-label={`Emoji ${em}`}
                  onClick={() => setLogo({ in_use: "emoji", emoji: { value } })}
                  className={cx(
                    "h-8 w-8 rounded text-lg",
                    active ? "bg-accent-soft ring-2 ring-indigo-500" : "hover:bg-fill",
                  )}
                >
                  {em}
                </button>
              );
            })}
            {Object.entries(ICONS).map(([iname, Glyph]) => {
              const active = logo.in_use === "icon" && logo.icon?.name === iname;
              return (
                <button
                  key={iname}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  aria-label={`Icon ${iname}`}
                  onClick={() => setLogo({ in_use: "icon", icon: { name: iname, color: "#6366f1" } })}
                  className={cx(
                    "h-8 w-8 rounded text-lg text-indigo-500",
                    active ? "bg-accent-soft ring-2 ring-indigo-500" : "hover:bg-fill",
                  )}
                >
                  <Glyph size={18} strokeWidth={2} aria-hidden focusable="false" className="mx-auto" />
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Input
            label="Name"
            name="name"
            autoFocus
            required
            maxLength={PROJECT_NAME_MAX}
            value={name}
            onChange={(e) => onName(e.target.value)}
            error={errors.name}
            placeholder="Project name"
          />
          <Input
            label="Identifier"
            name="identifier"
            required
            maxLength={PROJECT_IDENTIFIER_MAX}
            value={identifier}
            onChange={(e) => {
              setIdentifierTouched(true);
              setIdentifier(e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ""));
              edited("identifier");
            }}
            error={errors.identifier}
            hint="Up to 12 letters or digits"
          />
        </div>
        <Textarea
          label="Description"
          name="description"
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            edited("description");
          }}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Access"
            name="network"
            value={network}
            onChange={(e) => {
              setNetwork(Number(e.target.value) as ProjectNetwork);
              edited("network");
            }}
            error={errors.network}
          >
            <option value={PROJECT_NETWORK.PUBLIC}>Public — every workspace member can join</option>
            <option value={PROJECT_NETWORK.SECRET}>Private — by invitation only</option>
          </Select>
          <Select
            label="Lead"
            name="project_lead"
            value={lead}
            onChange={(e) => {
              setLead(e.target.value);
              edited("project_lead");
            }}
            error={errors.project_lead}
          >
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
        </div>
        <CoverPicker
          slug={slug}
          value={cover}
          onChange={(v) => {
            setCover(v);
            setCoverTouched(true);
            edited("cover_image", "cover_image_asset");
          }}
          error={errors.cover_image ?? errors.cover_image_asset}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create project
          </Button>
        </div>
      </form>
    </Modal>
  );
}
