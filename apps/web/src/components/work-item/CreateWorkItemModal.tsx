import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, Modal, Select, useToast } from "../ui/index.ts";
import { errorMessage, fieldErrors } from "../../api/client.ts";
import { useProjects } from "../../api/projects.ts";
import { useCreateWorkItem, type CreateBody, type ItemKind } from "../../api/work-items.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { useDraftMutations } from "../../api/work-items-drafts.ts";
import type { WorkspaceDraft } from "../../api/work-items-types.ts";
import {
  AssigneesProperty, CycleProperty, DateProperty, EstimateProperty, LabelsProperty, ModulesProperty, PriorityProperty, StateProperty,
} from "./properties.tsx";
import { PropertyValueField, useItemTyping } from "./custom-properties.tsx";
import { RichEditor, type RichEditorHandle } from "./RichEditor.tsx";
import { linkEditorAssets } from "../../api/work-items-upload.ts";
import { ParentPicker } from "./ParentPicker.tsx";
import { isEmptyHtml } from "../../lib/html.ts";
import { projectSubject, usePermissions } from "../../lib/permissions.ts";

type Values = Required<Pick<CreateBody, "priority" | "assignee_ids" | "label_ids" | "module_ids">> &
  Pick<CreateBody, "state_id" | "start_date" | "target_date" | "parent_id" | "estimate_point" | "cycle_id">;

const blank = (): Values => ({ priority: "none", assignee_ids: [], label_ids: [], module_ids: [], state_id: null, start_date: null, target_date: null, parent_id: null, estimate_point: null, cycle_id: null });

/**
 * Create a work item (or epic) with every property, "Create more" to keep the modal open, and
 * "Save to drafts" to keep it as a workspace draft. In draft mode (the Drafts page) it edits a draft.
 */
export function CreateWorkItemModal({ open, onClose, slug, projectId, preset, kind = "issues", draft, mode = "issue" }: {
  open: boolean;
  onClose: () => void;
  slug: string;
  projectId?: string | null;
  preset?: Partial<Values>;
  kind?: ItemKind;
  draft?: WorkspaceDraft | null;
  mode?: "issue" | "draft";
}) {
  const projects = useProjects(slug);
  const can = usePermissions();
  const mine = useMemo(() => (projects.data ?? []).filter((p) => can("create", "workItem", projectSubject(p)) && !p.archived_at), [projects.data, can]);
  const [pid, setPid] = useState<string>(projectId ?? draft?.project_id ?? "");
  const [name, setName] = useState(draft?.name ?? "");
  const [values, setValues] = useState<Values>({ ...blank(), ...pickDraft(draft), ...preset });
  const [more, setMore] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editorKey, setEditorKey] = useState(0);
  const editor = useRef<RichEditorHandle>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const refs = useProjectRefs(slug, pid);
  const create = useCreateWorkItem(slug, pid, kind);
  const drafts = useDraftMutations(slug);
  // What the modal opened with, to tell whether closing would lose anything typed or chosen.
  const [start, setStart] = useState({ name: "", values: "", descriptionEmpty: true });
  const [descriptionEdited, setDescriptionEdited] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);

  // Each opening starts afresh from the preset (or the draft) in the very render that shows the modal,
  // so a reset can never land after the first keystrokes and wipe them.
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    if (open) {
      const initial = { ...blank(), ...pickDraft(draft), ...preset };
      setPid(projectId ?? draft?.project_id ?? (mode === "issue" ? mine[0]?.id : "") ?? "");
      setName(draft?.name ?? "");
      setValues(initial);
      setErrors({});
      setConfirmClose(false);
      setStart({ name: (draft?.name ?? "").trim(), values: JSON.stringify(initial), descriptionEmpty: isEmptyHtml(draft?.description_html) });
      setDescriptionEdited(false);
      setEditorKey((k) => k + 1);
    }
  }
  useEffect(() => {
    if (open && !pid && mine[0] && mode === "issue") setPid(mine[0].id);
  }, [open, pid, mine, mode]);

  const project = mine.find((p) => p.id === pid) ?? refs.project;
  // work item types and custom properties (issue #29): the type and its properties' values (drafts carry none)
  const typing = useItemTyping(slug, pid, refs);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [propValues, setPropValues] = useState<Record<string, string[]>>({});
  const typed = typing.enabled && mode === "issue";
  const chosenType = typeId ?? typing.defaultType(kind === "epics")?.id ?? null;
  const typeProps = typed ? typing.of(chosenType, kind === "epics") : [];
  const set = (p: Partial<Values>) => setValues((v) => ({ ...v, ...p }));
  const changeProject = (id: string) => {
    setPid(id);
    // ids of another project do not apply
    setValues((v) => ({ ...v, state_id: null, label_ids: [], assignee_ids: [], parent_id: null, estimate_point: null, cycle_id: null, module_ids: [] }));
    setTypeId(null);
    setPropValues({});
  };

  const body = (): CreateBody => {
    const html = editor.current?.getHtml() ?? "";
    return {
      name: name.trim(),
      ...(isEmptyHtml(html) ? {} : { description_html: html }),
      ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0))),
      ...(typed && typeId ? { type_id: typeId } : {}),
      ...(typed && Object.keys(propValues).length ? { property_values: Object.fromEntries(Object.entries(propValues).filter(([k]) => typeProps.some((p) => p.id === k))) } : {}),
    };
  };

  /** Anything typed or chosen since the modal opened (or since the last "Create more"). */
  const isDirty = () =>
    name.trim() !== start.name ||
    JSON.stringify(values) !== start.values ||
    (descriptionEdited && !(start.descriptionEmpty && isEmptyHtml(editor.current?.getHtml())));

  /**
   * Esc, ✕, Cancel and a click outside all come here: with nothing typed the modal just closes;
   * otherwise the user chooses between saving a draft, discarding, and going back to the form.
   */
  const requestClose = () => {
    if (pending) return;
    if (isDirty()) setConfirmClose(true);
    else onClose();
  };

  const submit = () => {
    if (!name.trim()) {
      setErrors({ name: "Title is required" });
      titleRef.current?.focus();
      return;
    }
    if (!pid && !(mode === "draft" && !draft)) {
      setErrors({ project: "Choose a project" });
      return;
    }
    if (mode === "draft" && !draft) {
      saveDraft();
      return;
    }
    if (mode === "draft" && draft) {
      drafts.toIssue.mutate(
        { id: draft.id, ...body(), project_id: pid },
        {
          onSuccess: (item) => {
            toast.show("success", "Draft moved to the project", `${project?.identifier ?? ""}-${item.sequence_id}`);
            onClose();
          },
          onError: (e) => setErrors(fieldErrors(e)),
        },
      );
      return;
    }
    create.mutate(
      { body: body() },
      {
        onSuccess: ({ item }, v) => {
          if (v.body.description_html) void linkEditorAssets(slug, pid, item.id, v.body.description_html).catch(() => undefined);
          const key = `${project?.identifier ?? ""}-${item.sequence_id}`;
          toast.show("success", kind === "epics" ? "Epic created" : "Work item created", key);
          if (more) {
            setName("");
            editor.current?.clear();
            setDescriptionEdited(false);
            setStart({ name: "", values: JSON.stringify(values), descriptionEmpty: true });
            titleRef.current?.focus();
          } else onClose();
        },
        onError: (e) => {
          const fe = fieldErrors(e);
          setErrors(Object.keys(fe).length ? fe : { form: errorMessage((e as { body?: unknown }).body) ?? (e as Error).message });
        },
      },
    );
  };

  const saveDraft = () => {
    const b = body();
    const payload = { ...b, name: b.name, project_id: pid || null } as Parameters<typeof drafts.create.mutate>[0];
    const done = () => { toast.show("success", "Saved to drafts", b.name || "Untitled"); setConfirmClose(false); onClose(); };
    if (draft) drafts.update.mutate({ id: draft.id, ...payload }, { onSuccess: done });
    else drafts.create.mutate(payload, { onSuccess: done, onError: (e) => setErrors({ form: errorMessage((e as { body?: unknown }).body) ?? (e as Error).message }) });
  };

  const title = mode === "draft" ? (draft ? "Edit draft" : "New draft") : kind === "epics" ? "Create epic" : "Create work item";
  const pending = create.isPending || drafts.create.isPending || drafts.update.isPending || drafts.toIssue.isPending;

  // Workspace drafts hold work items only (not epics).
  const canKeepDraft = kind === "issues";
  const noun = kind === "epics" ? "epic" : mode === "draft" ? "draft" : "work item";

  return (
    <>
    <Modal
      open={open}
      onClose={requestClose}
      title={title}
      wide
      footer={
        <div className="flex w-full flex-wrap items-center gap-2">
          {mode === "issue" && (
            <label className="mr-auto flex cursor-pointer items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
              <input type="checkbox" checked={more} onChange={(e) => setMore(e.target.checked)} className="h-4 w-4 accent-indigo-600" />
              Create more
            </label>
          )}
          {mode === "draft" && <span className="mr-auto" />}
          <Button variant="secondary" onClick={requestClose}>Cancel</Button>
          {kind === "issues" && !(mode === "draft" && !draft) && (
            <Button variant="secondary" onClick={saveDraft} disabled={pending}>{draft ? "Save draft" : "Save to drafts"}</Button>
          )}
          <Button onClick={submit} loading={create.isPending || drafts.toIssue.isPending || drafts.create.isPending}>
            {mode === "draft" ? (draft ? "Move to project" : "Save draft") : kind === "epics" ? "Create epic" : "Create work item"}
          </Button>
        </div>
      }
    >
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} className="space-y-3" aria-label={title}>
        {errors.form && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">{errors.form}</p>}
        {(!projectId || mode === "draft") && (
          <Select label="Project" value={pid} onChange={(e) => changeProject(e.target.value)} error={errors.project ?? errors.project_id}>
            {mode === "draft" && <option value="">No project yet</option>}
            {mine.length === 0 && mode === "issue" && <option value="">No project you can add work items to</option>}
            {mine.map((p) => <option key={p.id} value={p.id}>{p.identifier} · {p.name}</option>)}
          </Select>
        )}
        <div>
          <input
            ref={titleRef}
            autoFocus
            aria-label="Title"
            aria-invalid={!!errors.name}
            value={name}
            maxLength={255}
            placeholder="Title"
            onChange={(e) => { setName(e.target.value); if (errors.name) setErrors((x) => ({ ...x, name: "" })); }}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base font-medium text-zinc-900 outline-none focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          />
          {errors.name && <p role="alert" className="mt-1 text-xs text-red-600">{errors.name}</p>}
        </div>
        <RichEditor
          key={editorKey}
          ref={editor}
          label="Description"
          placeholder="Add a description… type @ to mention someone"
          initialHtml={draft?.description_html ?? ""}
          slug={slug}
          pid={pid}
          refs={refs}
          asset={{ type: "ISSUE_DESCRIPTION" }}
          onSubmit={submit}
          onChange={() => setDescriptionEdited(true)}
          minHeight={100}
        />
        {pid && (
          <div className="flex flex-wrap items-center gap-1.5" aria-label="Properties" role="group">
            <StateProperty refs={refs} value={values.state_id ?? refs.states.find((s) => s.default)?.id ?? null} onChange={(state_id) => set({ state_id })} />
            <PriorityProperty value={values.priority} onChange={(priority) => set({ priority })} />
            <AssigneesProperty refs={refs} value={values.assignee_ids} onChange={(assignee_ids) => set({ assignee_ids })} />
            <LabelsProperty refs={refs} value={values.label_ids} onChange={(label_ids) => set({ label_ids })} />
            <DateProperty label="Start date" value={values.start_date ?? null} max={values.target_date} onChange={(start_date) => set({ start_date })} />
            <DateProperty label="Due date" value={values.target_date ?? null} min={values.start_date} onChange={(target_date) => set({ target_date })} />
            <EstimateProperty refs={refs} value={values.estimate_point ?? null} onChange={(estimate_point) => set({ estimate_point })} />
            <CycleProperty refs={refs} value={values.cycle_id ?? null} onChange={(cycle_id) => set({ cycle_id })} />
            <ModulesProperty refs={refs} value={values.module_ids} onChange={(module_ids) => set({ module_ids })} />
            <ParentPicker slug={slug} pid={pid} value={values.parent_id ?? null} onChange={(parent_id) => set({ parent_id })} />
          </div>
        )}
        {typed && (
          <div className="space-y-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800" role="group" aria-label="Type and custom properties">
            {kind !== "epics" && typing.types.filter((t) => t.is_active && !t.is_epic).length > 1 && (
              <label className="grid grid-cols-[120px_minmax(0,1fr)] items-center gap-2 text-xs text-zinc-500">
                Type
                <select aria-label="Type" className="rounded border border-zinc-300 bg-transparent px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:text-zinc-100" value={chosenType ?? ""} onChange={(e) => { setTypeId(e.target.value); setPropValues({}); }}>
                  {typing.types.filter((t) => t.is_active && !t.is_epic).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
                </select>
              </label>
            )}
            {typeProps.map((p) => (
              <div key={p.id} className="grid grid-cols-[120px_minmax(0,1fr)] items-center gap-2">
                <span className="truncate text-xs text-zinc-500">{p.display_name}{p.is_required ? " *" : ""}</span>
                <PropertyValueField property={p} refs={refs} value={propValues[p.id] ?? (p.default_value.length ? p.default_value : undefined)} onChange={(v) => setPropValues((cur) => ({ ...cur, [p.id]: v }))} />
              </div>
            ))}
            {errors.property_values && <p role="alert" className="text-xs text-red-600">{errors.property_values}</p>}
          </div>
        )}
        {(errors.state_id || errors.non_field_errors || errors.start_date || errors.target_date) && (
          <p role="alert" className="text-xs text-red-600">{errors.state_id || errors.non_field_errors || errors.start_date || errors.target_date}</p>
        )}
        {project && mode === "issue" && (
          <p className="text-xs text-zinc-500">
            In <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${project.id}/issues/`}>{project.name}</Link>
            {values.parent_id ? " · as a sub-work item" : ""}
          </p>
        )}
      </form>
    </Modal>
    <Modal
      open={open && confirmClose}
      onClose={() => setConfirmClose(false)}
      title={draft ? "Save your changes?" : `Discard this ${noun}?`}
      footer={
        <>
          <Button variant="secondary" onClick={() => setConfirmClose(false)}>Keep editing</Button>
          <Button variant="danger" onClick={() => { setConfirmClose(false); onClose(); }}>{draft ? "Discard changes" : "Discard"}</Button>
          {canKeepDraft && <Button onClick={saveDraft} loading={drafts.create.isPending || drafts.update.isPending}>{draft ? "Save draft" : "Save as draft"}</Button>}
        </>
      }
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        {canKeepDraft
          ? `What you typed is not saved yet. Keep it as a draft to finish later${draft ? "" : " (you will find it under Drafts)"}, or discard it.`
          : `What you typed is not saved yet. Discard it, or keep editing to create the ${noun}.`}
      </p>
    </Modal>
    </>
  );
}

function pickDraft(d: WorkspaceDraft | null | undefined): Partial<Values> {
  if (!d) return {};
  return {
    priority: d.priority, assignee_ids: d.assignee_ids ?? [], label_ids: d.label_ids ?? [], module_ids: d.module_ids ?? [], state_id: d.state_id,
    start_date: d.start_date, target_date: d.target_date, parent_id: d.parent_id, estimate_point: d.estimate_point, cycle_id: d.cycle_id,
  };
}

