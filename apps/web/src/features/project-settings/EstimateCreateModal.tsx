import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import {
  ESTIMATE_MSG,
  ESTIMATE_SYSTEMS,
  ESTIMATE_TYPES,
  canAddEstimatePoint,
  canRemoveEstimatePoint,
  duplicateValueIndexes,
  estimateValueProblem,
  templatePoints,
  type EstimateType,
} from "@stride/shared";
import { type CreateEstimateBody } from "@stride/shared/contract";
import { useCreateEstimate } from "../../api/estimates.ts";
import { Banner, Button, Input, Modal, Select, cx, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { TYPE_LABEL } from "./estimate-text.ts";

interface Values {
  type: EstimateType;
  template: string;
  name: string;
  points: string[];
}

/** A template's values and name (custom: the type's name). */
const fromTemplate = (type: EstimateType, key: string): Values => {
  const title = ESTIMATE_SYSTEMS[type].templates.find((x) => x.key === key)?.title;
  return {
    type,
    template: key,
    points: templatePoints(type, key).map((p) => p.value),
    name: key === "custom" ? ESTIMATE_SYSTEMS[type].name : (title ?? ESTIMATE_SYSTEMS[type].name),
  };
};

const toBody = (v: Values): CreateEstimateBody => ({
  estimate: { name: v.name.trim() || ESTIMATE_SYSTEMS[v.type].name, type: v.type, last_used: true },
  estimate_points: v.points.map((value, i) => ({ key: i + 1, value: value.trim() })),
});

/** The schema checks the points (count, values, repeats) with the shared rules; the name is the estimate's. */
const checkEstimate = schemaCheck((c) => c.createEstimateBody, toBody, undefined, { estimate: "name" });

type Form = UseFormReturn<Values>;

/** A new system: a type, a template (or custom), then the points as they will be saved; it becomes the active one. */
export function CreateEstimateModal({ onClose }: { onClose: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const create = useCreateEstimate(slug, projectId);
  const toast = useToast();
  const { form, error, formError, onSubmit } = useDialogForm<Values>(
    { ...fromTemplate("points", "fibonacci"), name: ESTIMATE_SYSTEMS.points.name },
    checkEstimate,
    (e) => e.message || "Could not create the estimate system.",
  );
  const submit = onSubmit((v, onError) =>
    create.mutate(toBody(v), {
      onSuccess: () => {
        toast.show("success", "Estimate system created");
        onClose();
      },
      onError,
    }),
  );
  return (
    <Modal open onClose={onClose} title="New estimate system" wide>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="New estimate system">
        <TemplatePicker form={form} />
        <Input label="Name" maxLength={255} error={error("name")} {...form.register("name")} />
        <PointsField form={form} listError={error("estimate_points")} />
        {formError && <Banner>{formError}</Banner>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create estimate system
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The type and its templates; picking one starts the points and the name again from it. */
function TemplatePicker({ form }: { form: Form }) {
  const [type, template] = form.watch(["type", "template"]);
  const pick = (t: EstimateType, key: string) => form.reset(fromTemplate(t, key));
  return (
    <>
      <Select
        label="Estimate type"
        value={type}
        onChange={(e) =>
          pick(e.target.value as EstimateType, ESTIMATE_SYSTEMS[e.target.value as EstimateType].templates[0].key)
        }
      >
        {ESTIMATE_TYPES.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABEL[t]}
          </option>
        ))}
      </Select>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-fg-muted">Template</legend>
        <div role="radiogroup" aria-label="Template" className="grid grid-cols-2 gap-2">
          {ESTIMATE_SYSTEMS[type].templates.map((t) => (
            <button
              key={t.key}
              type="button"
              role="radio"
              aria-checked={template === t.key}
              onClick={() => pick(type, t.key)}
              className={cx(
                "rounded-md border px-3 py-2 text-left text-sm",
                template === t.key ? "border-indigo-500 ring-1 ring-indigo-500" : "border-line-strong",
              )}
            >
              <div className="font-medium">{t.title}</div>
              <div className="truncate text-xs text-fg-subtle">
                {t.key === "custom" ? "Your own points" : t.values.join(", ")}
              </div>
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/**
 * The points as they will be saved: typed, moved, removed, added (2 to 6). Once a save was tried, each point's
 * problem shows under it as it is typed; a problem of the list as a whole (or the server's) shows below it.
 */
function PointsField({ form, listError }: { form: Form; listError: string | undefined }) {
  const [type, values] = form.watch(["type", "points"]);
  const tried = form.formState.isSubmitted;
  const dups = new Set(duplicateValueIndexes(type, values));
  const problemAt = (i: number) =>
    estimateValueProblem(type, values[i]) ?? (dups.has(i) ? ESTIMATE_MSG.duplicate : null);
  const set = (next: string[]) => form.setValue("points", next);
  const swap = (i: number, j: number) => {
    const out = [...values];
    [out[i], out[j]] = [out[j], out[i]];
    set(out);
  };
  const pointProblem = values.some((_, i) => problemAt(i));
  return (
    <div className="space-y-2">
      <div className="text-sm font-medium text-fg-muted">Points</div>
      <ol className="space-y-2">
        {values.map((v, i) => (
          <li key={i} className="flex items-start gap-2">
            <div className="flex-1">
              <Input
                aria-label={`Point ${i + 1}`}
                value={v}
                error={tried ? (problemAt(i) ?? undefined) : undefined}
                onChange={(e) => set(values.map((x, j) => (j === i ? e.target.value : x)))}
              />
            </div>
            <PointButtons
              i={i}
              count={values.length}
              swap={swap}
              remove={() => set(values.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={!canAddEstimatePoint(values.length)}
        onClick={() => set([...values, ""])}
      >
        Add point
      </Button>
      <p className="text-xs text-fg-subtle">An estimate system needs between 2 and 6 points.</p>
      {listError && !pointProblem && (
        <p role="alert" className="text-xs text-danger">
          {listError}
        </p>
      )}
    </div>
  );
}

/** A new point's move up, move down and remove buttons. */
function PointButtons({
  i,
  count,
  swap,
  remove,
}: {
  i: number;
  count: number;
  swap: (i: number, j: number) => void;
  remove: () => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move point ${i + 1} up`}
        disabled={i === 0}
        onClick={() => swap(i, i - 1)}
      >
        <ArrowUp size={14} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move point ${i + 1} down`}
        disabled={i === count - 1}
        onClick={() => swap(i, i + 1)}
      >
        <ArrowDown size={14} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove point ${i + 1}`}
        disabled={!canRemoveEstimatePoint(count)}
        onClick={remove}
      >
        <Trash2 size={14} aria-hidden />
      </Button>
    </>
  );
}
