import { useCreateLabel, useUpdateLabel, type LabelBody } from "../../api/labels.ts";
import type { Label } from "../../api/types.ts";
import { Select, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { descendantIds, flattenTree, labelReparentSortOrder, labelTree } from "./ordering.ts";
import { PALETTE } from "./ColorField.tsx";
import { NameColourForm, inlineSaveOutcome, nameColourChecks } from "./NameColourForm.tsx";

const LABEL_TEXT: Record<string, string> = { LABEL_NAME_ALREADY_EXISTS: "A label with this name already exists." };

interface Values {
  name: string;
  color: string;
  parent: string;
}

const toBody = (v: Values): LabelBody => ({ name: v.name.trim(), color: v.color, parent: v.parent || null });

const checkLabel = schemaCheck((c) => c.createLabelBody, toBody, nameColourChecks);

/** A label's add (under `parent`) or edit form, inline in the list. */
export function LabelForm({
  labels,
  label,
  parent: initialParent,
  onDone,
}: {
  labels: Label[];
  label?: Label;
  parent: string | null;
  onDone: () => void;
}) {
  const save = useSaveLabel(labels, label, onDone);
  const { form, error, onSubmit } = useDialogForm<Values>(
    {
      name: label?.name ?? "",
      color: label?.color || PALETTE[Math.floor(Math.random() * PALETTE.length)],
      parent: initialParent ?? "",
    },
    checkLabel,
  );
  const fieldError = (k: string) => {
    const m = error(k);
    return m && (LABEL_TEXT[m] ?? m);
  };
  const excluded = label ? descendantIds(labels, label.id) : new Set<string>();
  const parentOptions = flattenTree(labelTree(labels)).filter((l) => !excluded.has(l.id));
  const submit = onSubmit(save.save);
  return (
    <NameColourForm
      label={label ? `Edit label ${label.name}` : "New label"}
      onSubmit={(e) => void submit(e)}
      name={form.register("name")}
      color={form.watch("color")}
      onColor={(c) => form.setValue("color", c)}
      error={fieldError}
      submitLabel={label ? "Save" : "Add label"}
      pending={save.pending}
      onCancel={onDone}
    >
      <div className="w-48">
        <Select label="Parent" error={fieldError("parent")} {...form.register("parent")}>
          <option value="">No parent</option>
          {parentOptions.map((l) => (
            <option key={l.id} value={l.id}>
              {"— ".repeat(l.depth)}
              {l.name}
            </option>
          ))}
        </Select>
      </div>
    </NameColourForm>
  );
}

/** Saves the form's values: a new label goes last among its siblings, as does a label moved to another parent. */
function useSaveLabel(labels: Label[], label: Label | undefined, onDone: () => void) {
  const { slug, projectId } = useCurrentProject();
  const create = useCreateLabel(slug, projectId);
  const update = useUpdateLabel(slug, projectId);
  const toast = useToast();
  const save = (v: Values, onError: (err: unknown) => void) => {
    const body = toBody(v);
    if (!label || (label.parent ?? null) !== body.parent) {
      body.sort_order = labelReparentSortOrder(
        labels.filter((l) => (l.parent ?? null) === body.parent && l.id !== label?.id),
      );
    }
    const opts = inlineSaveOutcome(
      toast,
      label ? "Label updated" : "Label added",
      "Could not save the label",
      onDone,
      onError,
    );
    if (label) update.mutate({ id: label.id, ...body }, opts);
    else create.mutate(body, opts);
  };
  return { save, pending: create.isPending || update.isPending };
}
