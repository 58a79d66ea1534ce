/** The parts of the create work item dialog (CreateWorkItemModal.tsx) that only show what its form holds. */
import { Link } from "react-router";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button, Modal } from "../ui/index.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import type { ItemKind } from "../../api/work-items.ts";
import type { CreateBody } from "../../api/work-items-create.ts";
import {
  AssigneesProperty,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
} from "./properties.tsx";
import { PropertyValueField, type ItemTyping } from "./custom-properties.tsx";
import { ParentPicker } from "./ParentPicker.tsx";

export type Values = Required<Pick<CreateBody, "priority" | "assignee_ids" | "label_ids" | "module_ids">> &
  Pick<CreateBody, "state_id" | "start_date" | "target_date" | "parent_id" | "estimate_point" | "cycle_id">;

/** The title, with its message (required; or the server's). */
export function TitleField({ field, error }: { field: UseFormRegisterReturn<"name">; error?: string }) {
  return (
    <div>
      <input
        {...field}
        autoFocus
        aria-label="Title"
        aria-invalid={!!error}
        maxLength={255}
        placeholder="Title"
        className="w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-base font-medium text-fg outline-none focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500"
      />
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The row of property pickers (state, priority, people, labels, dates, estimate, cycle, modules, parent). */
export function PropertiesRow({
  slug,
  pid,
  refs,
  values,
  set,
}: {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  values: Values;
  set: (p: Partial<Values>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="Properties" role="group">
      <StateProperty
        refs={refs}
        value={values.state_id ?? refs.states.find((s) => s.default)?.id ?? null}
        onChange={(state_id) => set({ state_id })}
      />
      <PriorityProperty value={values.priority} onChange={(priority) => set({ priority })} />
      <AssigneesProperty refs={refs} value={values.assignee_ids} onChange={(assignee_ids) => set({ assignee_ids })} />
      <LabelsProperty refs={refs} value={values.label_ids} onChange={(label_ids) => set({ label_ids })} />
      <DateProperty
        label="Start date"
        value={values.start_date ?? null}
        max={values.target_date}
        onChange={(start_date) => set({ start_date })}
      />
      <DateProperty
        label="Due date"
        value={values.target_date ?? null}
        min={values.start_date}
        onChange={(target_date) => set({ target_date })}
      />
      <EstimateProperty
        refs={refs}
        value={values.estimate_point ?? null}
        onChange={(estimate_point) => set({ estimate_point })}
      />
      <CycleProperty refs={refs} value={values.cycle_id ?? null} onChange={(cycle_id) => set({ cycle_id })} />
      <ModulesProperty refs={refs} value={values.module_ids} onChange={(module_ids) => set({ module_ids })} />
      <ParentPicker
        slug={slug}
        pid={pid}
        value={values.parent_id ?? null}
        onChange={(parent_id) => set({ parent_id })}
      />
    </div>
  );
}

/** The work item type (where the project has several) and its custom properties' values (issue #29). */
export function TypeFields({
  typing,
  refs,
  epic,
  chosenType,
  typeProps,
  propValues,
  onType,
  onProp,
  error,
}: {
  typing: ItemTyping;
  refs: ProjectRefs;
  epic: boolean;
  chosenType: string | null;
  typeProps: ReturnType<ItemTyping["of"]>;
  propValues: Record<string, string[]>;
  onType: (id: string) => void;
  onProp: (id: string, v: string[]) => void;
  error?: string;
}) {
  const types = typing.types.filter((t) => t.is_active && !t.is_epic);
  return (
    <div className="space-y-1 rounded-md border border-line p-2" role="group" aria-label="Type and custom properties">
      {!epic && types.length > 1 && (
        <label className="grid grid-cols-[120px_minmax(0,1fr)] items-center gap-2 text-xs text-fg-subtle">
          Type
          <select
            aria-label="Type"
            className="rounded border border-line-strong bg-transparent px-2 py-1 text-sm text-fg"
            value={chosenType ?? ""}
            onChange={(e) => onType(e.target.value)}
          >
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {typeProps.map((p) => (
        <div key={p.id} className="grid grid-cols-[120px_minmax(0,1fr)] items-center gap-2">
          <span className="truncate text-xs text-fg-subtle">
            {p.display_name}
            {p.is_required ? " *" : ""}
          </span>
          <PropertyValueField
            property={p}
            refs={refs}
            value={propValues[p.id] ?? (p.default_value.length ? p.default_value : undefined)}
            onChange={(v) => onProp(p.id, v)}
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Where the item goes: "In <project>", as a sub-work item when it has a parent. */
export function Destination({
  slug,
  project,
  sub,
}: {
  slug: string;
  project: { id: string; name: string };
  sub: boolean;
}) {
  return (
    <p className="text-xs text-fg-subtle">
      In{" "}
      <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${project.id}/issues/`}>
        {project.name}
      </Link>
      {sub ? " · as a sub-work item" : ""}
    </p>
  );
}

/** "Create more", Cancel, "Save to drafts" and the main button (create, save the new draft, or move the draft to its project). */
export function CreateFooter({
  mode,
  kind,
  draft,
  more,
  setMore,
  pending,
  creating,
  onCancel,
  onSaveDraft,
  onSubmit,
}: {
  mode: "issue" | "draft";
  kind: ItemKind;
  draft: boolean;
  more: boolean;
  setMore: (v: boolean) => void;
  pending: boolean;
  creating: boolean;
  onCancel: () => void;
  onSaveDraft: () => void;
  onSubmit: () => void;
}) {
  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      {mode === "issue" && (
        <label className="mr-auto flex cursor-pointer items-center gap-2 text-sm text-fg-muted">
          <input
            type="checkbox"
            checked={more}
            onChange={(e) => setMore(e.target.checked)}
            className="h-4 w-4 accent-indigo-600"
          />
          Create more
        </label>
      )}
      {mode === "draft" && <span className="mr-auto" />}
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {kind === "issues" && !(mode === "draft" && !draft) && (
        <Button variant="secondary" onClick={onSaveDraft} disabled={pending}>
          {draft ? "Save draft" : "Save to drafts"}
        </Button>
      )}
      <Button onClick={onSubmit} loading={creating}>
        {mode === "draft"
          ? draft
            ? "Move to project"
            : "Save draft"
          : kind === "epics"
            ? "Create epic"
            : "Create work item"}
      </Button>
    </div>
  );
}

/** Closing with something typed: keep it as a draft (work items only), discard it, or go back to the form. */
export function DiscardDialog({
  open,
  draft,
  noun,
  canKeepDraft,
  saving,
  onKeep,
  onDiscard,
  onSaveDraft,
}: {
  open: boolean;
  draft: boolean;
  noun: string;
  canKeepDraft: boolean;
  saving: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  onSaveDraft: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onKeep}
      title={draft ? "Save your changes?" : `Discard this ${noun}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onKeep}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {draft ? "Discard changes" : "Discard"}
          </Button>
          {canKeepDraft && (
            <Button onClick={onSaveDraft} loading={saving}>
              {draft ? "Save draft" : "Save as draft"}
            </Button>
          )}
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        {canKeepDraft
          ? `What you typed is not saved yet. Keep it as a draft to finish later${draft ? "" : " (you will find it under Drafts)"}, or discard it.`
          : `What you typed is not saved yet. Discard it, or keep editing to create the ${noun}.`}
      </p>
    </Modal>
  );
}
