import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Bookmark } from "lucide-react";
import { VIEW_ACCESS } from "@stride/shared";
import { teamOfPlace, useCreateView, type IssueView, type ViewWrite } from "../../api/views.ts";
import { errorMessage, fieldErrors } from "../../api/client.ts";
import { useCan } from "../../lib/permissions.ts";
import { Banner, Button, Input, Modal, Textarea, Toggle } from "../ui/index.ts";

/** The list choices a new view starts from (a list's current filters, display filters and display properties). */
export type ViewChoices = Pick<ViewWrite, "filters" | "display_filters" | "display_properties">;

/** Where a saved view opens (`pid`: a project, a teamspace's views place, or null for a global view). */
export const viewPath = (slug: string, pid: string | null, id: string) => {
  const team = teamOfPlace(pid);
  return team
    ? `/${slug}/teamspaces/${team}/views/${id}/`
    : pid
      ? `/${slug}/projects/${pid}/views/${id}/`
      : `/${slug}/workspace-views/${id}/`;
};

/**
 * Create a view (a project's when `pid` is set, else a workspace global view) from a list's current choices:
 * name, description and access (public by default; private views are seen by their owner only).
 */
export function SaveViewModal({
  slug,
  pid,
  choices,
  open,
  onClose,
  onCreated,
  title = "Save as view",
}: {
  slug: string;
  pid: string | null;
  choices: ViewChoices;
  open: boolean;
  onClose: () => void;
  onCreated: (view: IssueView) => void;
  title?: string;
}) {
  const create = useCreateView(slug, pid);
  const form = useForm({ defaultValues: { name: "", description: "", isPrivate: false } });
  const errs = fieldErrors(create.error);
  const other =
    create.error && !Object.keys(errs).some((k) => k === "name" || k === "description")
      ? (errorMessage((create.error as { body?: unknown }).body) ?? "Could not save the view.")
      : null;
  const submit = form.handleSubmit(({ name, description, isPrivate }) =>
    create.mutate(
      { name, description, ...choices, access: isPrivate ? VIEW_ACCESS.private : VIEW_ACCESS.public },
      {
        onSuccess: (view) => {
          onCreated(view);
          onClose();
        },
      },
    ),
  );
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="save-view-form" disabled={create.isPending || !form.watch("name").trim()}>
            {create.isPending ? "Saving…" : "Save view"}
          </Button>
        </>
      }
    >
      <form id="save-view-form" onSubmit={(e) => void submit(e)} className="space-y-3">
        {other && <Banner>{other}</Banner>}
        <Input label="Name" error={errs.name} maxLength={255} required {...form.register("name")} />
        <Textarea label="Description" error={errs.description} {...form.register("description")} />
        <Toggle
          checked={form.watch("isPrivate")}
          onChange={(v) => form.setValue("isPrivate", v)}
          label="Private"
          description="Only you can see a private view."
        />
        <p className="text-xs text-fg-subtle">The view keeps the current filters, layout and display properties.</p>
      </form>
    </Modal>
  );
}

/**
 * "Save view" on a project's, a teamspace's or (`pid` null) a workspace view's list: offered to those who may create
 * views there; opens the new view.
 */
export function SaveViewButton({
  slug,
  pid,
  prefs,
  label = "Save view",
}: {
  slug: string;
  pid: string | null;
  prefs: ViewChoices;
  label?: string;
}) {
  const mayCreateInProject = useCan("create", "view");
  const mayCreateTeamView = useCan("create", "teamView");
  const mayCreateGlobal = useCan("create", "workspaceView");
  const mayCreate = pid === null ? mayCreateGlobal : teamOfPlace(pid) ? mayCreateTeamView : mayCreateInProject;
  const [open, setOpen] = useState(false);
  const nav = useNavigate();
  if (!mayCreate) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        <Bookmark size={14} aria-hidden />
        {label}
      </Button>
      {open && (
        <SaveViewModal
          slug={slug}
          pid={pid}
          choices={prefs}
          open
          onClose={() => setOpen(false)}
          onCreated={(v) => nav(viewPath(slug, pid, v.id))}
        />
      )}
    </>
  );
}
