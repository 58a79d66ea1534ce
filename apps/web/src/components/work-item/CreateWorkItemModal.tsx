import { useEffect, useMemo, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { Modal, Select } from "../ui/index.ts";
import { useProjects } from "../../api/projects.ts";
import type { ItemKind } from "../../api/work-items.ts";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import type { WorkspaceDraft } from "../../api/work-items-types.ts";
import type { ProjectLite } from "../../api/types.ts";
import { useItemTyping } from "./custom-properties.tsx";
import { RichEditor } from "./RichEditor.tsx";
import { projectSubject, usePermissions } from "../../lib/permissions.ts";
import {
  CreateFooter,
  Destination,
  DiscardDialog,
  PropertiesRow,
  TitleField,
  TypeFields,
  type Values,
} from "./create-work-item-fields.tsx";
import { useCreateItemForm, type CreateForm } from "./create-work-item-form.ts";

const blank = (): Values => ({
  priority: "none",
  assignee_ids: [],
  label_ids: [],
  module_ids: [],
  state_id: null,
  start_date: null,
  target_date: null,
  parent_id: null,
  estimate_point: null,
  cycle_id: null,
});

type Props = {
  open: boolean;
  onClose: () => void;
  slug: string;
  projectId?: string | null;
  preset?: Partial<Values>;
  kind?: ItemKind;
  draft?: WorkspaceDraft | null;
  mode?: "issue" | "draft";
};

/**
 * Create a work item (or epic) with every property, "Create more" to keep the modal open, and
 * "Save to drafts" to keep it as a workspace draft. In draft mode (the Drafts page) it edits a draft.
 */
export function CreateWorkItemModal(props: Props) {
  const { open, slug, projectId, preset, draft, mode = "issue" } = props;
  const projects = useProjects(slug);
  const can = usePermissions();
  const mine = useMemo(
    () => (projects.data ?? []).filter((p) => can("create", "workItem", projectSubject(p)) && !p.archived_at),
    [projects.data, can],
  );
  const [more, setMore] = useState(false);
  // Each opening starts afresh from the preset (or the draft) in the very render that shows the modal (a new form),
  // so a reset can never land after the first keystrokes and wipe them.
  const [opening, setOpening] = useState<{ n: number; initial: CreateForm } | null>(null);
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    if (open) {
      const pid = projectId ?? draft?.project_id ?? (mode === "issue" ? mine[0]?.id : "") ?? "";
      const initial = {
        pid,
        name: draft?.name ?? "",
        values: { ...blank(), ...pickDraft(draft), ...preset },
        typeId: null,
        propValues: {},
      };
      setOpening((o) => ({ n: (o?.n ?? 0) + 1, initial }));
    }
  }
  if (!opening) return null;
  return (
    <CreateDialog
      key={opening.n}
      {...props}
      mode={mode}
      initial={opening.initial}
      mine={mine}
      more={more}
      setMore={setMore}
    />
  );
}

type CreateItemForm = ReturnType<typeof useCreateItemForm>;

type DialogProps = Props & {
  mode: "issue" | "draft";
  initial: CreateForm;
  mine: ProjectLite[];
  more: boolean;
  setMore: (v: boolean) => void;
};

function CreateDialog(props: DialogProps) {
  const { open, onClose, slug, projectId, kind = "issues", draft, mode, initial, mine, more, setMore } = props;
  const [pid, setPid] = useState(initial.pid);
  const refs = useProjectRefs(slug, pid);
  const project = mine.find((p) => p.id === pid) ?? refs.project;
  // work item types and custom properties (issue #29): the type and its properties' values (drafts carry none)
  const typing = useItemTyping(slug, pid, refs);
  const typed = typing.enabled && mode === "issue";
  const f = useCreateItemForm({
    slug,
    kind,
    mode,
    draft,
    initial,
    more,
    onClose,
    identifier: (id) => (mine.find((p) => p.id === id) ?? refs.project)?.identifier ?? "",
    typed: () => ({ on: typed, propIds: typeProps.map((p) => p.id) }),
  });
  const { values, typeId, propValues } = f.form.watch();
  const chosenType = typeId ?? typing.defaultType(kind === "epics")?.id ?? null;
  const typeProps = typed ? typing.of(chosenType, kind === "epics") : [];
  const set = (p: Partial<Values>) => f.form.setValue("values", { ...f.form.getValues("values"), ...p });
  const changeProject = useProjectChoice(f.form, { open, pid, setPid, mine, mode });

  const title =
    mode === "draft" ? (draft ? "Edit draft" : "New draft") : kind === "epics" ? "Create epic" : "Create work item";
  const footer = <DialogFooter f={f} mode={mode} kind={kind} draft={!!draft} more={more} setMore={setMore} />;
  return (
    <>
      <Modal open={open} onClose={f.requestClose} title={title} wide footer={footer}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            f.submit();
          }}
          className="space-y-3"
          aria-label={title}
        >
          <FormAlert message={f.error("form")} />
          {(!projectId || mode === "draft") && (
            <ProjectField
              pid={pid}
              mine={mine}
              mode={mode}
              error={f.error("project") ?? f.error("project_id")}
              onChange={changeProject}
            />
          )}
          <TitleAndDescription f={f} html={draft?.description_html ?? ""} slug={slug} pid={pid} refs={refs} />
          {pid && <PropertiesRow slug={slug} pid={pid} refs={refs} values={values} set={set} />}
          {typed && (
            <TypeFields
              typing={typing}
              refs={refs}
              epic={kind === "epics"}
              chosenType={chosenType}
              typeProps={typeProps}
              propValues={propValues}
              error={f.error("property_values")}
              onType={(id) => {
                f.form.setValue("typeId", id);
                f.form.setValue("propValues", {});
              }}
              onProp={(id, v) => f.form.setValue("propValues", { ...f.form.getValues("propValues"), [id]: v })}
            />
          )}
          <FormAlert
            small
            message={
              f.error("state_id") || f.error("non_field_errors") || f.error("start_date") || f.error("target_date")
            }
          />
          {project && mode === "issue" && <Destination slug={slug} project={project} sub={!!values.parent_id} />}
        </form>
      </Modal>
      <CloseGuard f={f} open={open} draft={draft} kind={kind} mode={mode} onClose={onClose} />
    </>
  );
}

/** The title (checked by the form) and the description (the editor's, read when the form is sent). */
function TitleAndDescription({
  f,
  html,
  slug,
  pid,
  refs,
}: {
  f: CreateItemForm;
  html: string;
  slug: string;
  pid: string;
  refs: ProjectRefs;
}) {
  return (
    <>
      <TitleField
        field={f.form.register("name", {
          onChange: () => f.form.formState.errors.name && f.form.clearErrors("name"),
        })}
        error={f.error("name")}
      />
      <RichEditor
        ref={f.editor}
        label="Description"
        placeholder="Add a description… type @ to mention someone"
        initialHtml={html}
        slug={slug}
        pid={pid}
        refs={refs}
        asset={{ type: "ISSUE_DESCRIPTION" }}
        onSubmit={f.submit}
        onChange={() => f.setDescriptionEdited(true)}
        minHeight={100}
      />
    </>
  );
}

/**
 * The chosen project: the first one the user may add to when none is chosen yet (the list loads after the dialog
 * opens); choosing another forgets the ids that belong to the last one.
 */
function useProjectChoice(
  form: UseFormReturn<CreateForm>,
  {
    open,
    pid,
    setPid,
    mine,
    mode,
  }: { open: boolean; pid: string; setPid: (id: string) => void; mine: ProjectLite[]; mode: "issue" | "draft" },
) {
  useEffect(() => {
    if (open && !pid && mine[0] && mode === "issue") {
      setPid(mine[0].id);
      form.setValue("pid", mine[0].id);
    }
  }, [open, pid, mine, mode, form, setPid]);
  return (id: string) => {
    setPid(id);
    // ids of another project do not apply
    form.reset(
      {
        ...form.getValues(),
        pid: id,
        values: {
          ...form.getValues("values"),
          state_id: null,
          label_ids: [],
          assignee_ids: [],
          parent_id: null,
          estimate_point: null,
          cycle_id: null,
          module_ids: [],
        },
        typeId: null,
        propValues: {},
      },
      { keepDefaultValues: true, keepErrors: true, keepIsSubmitted: true },
    );
  };
}

/** A refusal of the server: above the form when it names no field, or (small) below the fields it names. */
function FormAlert({ message, small }: { message: string | undefined; small?: boolean }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={
        small
          ? "text-xs text-red-600"
          : "rounded-md border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger-strong"
      }
    >
      {message}
    </p>
  );
}

function DialogFooter({
  f,
  ...shown
}: {
  f: CreateItemForm;
  mode: "issue" | "draft";
  kind: ItemKind;
  draft: boolean;
  more: boolean;
  setMore: (v: boolean) => void;
}) {
  return (
    <CreateFooter
      {...shown}
      pending={f.pending}
      creating={f.create.isPending || f.drafts.toIssue.isPending || f.drafts.create.isPending}
      onCancel={f.requestClose}
      onSaveDraft={f.saveDraft}
      onSubmit={f.submit}
    />
  );
}

function ProjectField({
  pid,
  mine,
  mode,
  error,
  onChange,
}: {
  pid: string;
  mine: ProjectLite[];
  mode: "issue" | "draft";
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <Select label="Project" value={pid} onChange={(e) => onChange(e.target.value)} error={error}>
      {mode === "draft" && <option value="">No project yet</option>}
      {mine.length === 0 && mode === "issue" && <option value="">No project you can add work items to</option>}
      {mine.map((p) => (
        <option key={p.id} value={p.id}>
          {p.identifier} · {p.name}
        </option>
      ))}
    </Select>
  );
}

/** Closing with something typed: keep editing, discard, or save it to drafts. */
function CloseGuard({
  f,
  open,
  draft,
  kind,
  mode,
  onClose,
}: {
  f: CreateItemForm;
  open: boolean;
  draft: WorkspaceDraft | null | undefined;
  kind: ItemKind;
  mode: "issue" | "draft";
  onClose: () => void;
}) {
  const noun = kind === "epics" ? "epic" : mode === "draft" ? "draft" : "work item";
  return (
    <DiscardDialog
      open={open && f.confirmClose}
      draft={!!draft}
      noun={noun}
      canKeepDraft={kind === "issues"}
      saving={f.drafts.create.isPending || f.drafts.update.isPending}
      onKeep={() => f.setConfirmClose(false)}
      onDiscard={() => {
        f.setConfirmClose(false);
        onClose();
      }}
      onSaveDraft={f.saveDraft}
    />
  );
}

function pickDraft(d: WorkspaceDraft | null | undefined): Partial<Values> {
  if (!d) return {};
  return {
    priority: d.priority,
    assignee_ids: d.assignee_ids ?? [],
    label_ids: d.label_ids ?? [],
    module_ids: d.module_ids ?? [],
    state_id: d.state_id,
    start_date: d.start_date,
    target_date: d.target_date,
    parent_id: d.parent_id,
    estimate_point: d.estimate_point,
    cycle_id: d.cycle_id,
  };
}
