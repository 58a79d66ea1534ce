import { useState } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import {
  ESTIMATE_MSG,
  canAddEstimatePoint,
  canRemoveEstimatePoint,
  duplicateValueIndexes,
  estimateValueProblem,
} from "@stride/shared";
import { useAddEstimatePoint, useDeleteEstimatePoint, useUpdateEstimatePoint } from "../../api/estimates.ts";
import type { Estimate, EstimatePoint } from "../../api/work-items-types.ts";
import { Button, Input, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { POINT_EXAMPLE } from "./estimate-text.ts";
import { why } from "./refusal.ts";

/** A point value's problem among the system's other values (its type's rules, then a repeat). */
const valueProblem = (estimate: Estimate, others: string[], value: string) =>
  estimateValueProblem(estimate.type, value) ??
  (duplicateValueIndexes(estimate.type, [...others, value]).length ? ESTIMATE_MSG.duplicate : null);

/** The points of a saved system, each changed on its own: value (on Enter or leaving the field), order, removal, addition. */
export function PointsEditor({ estimate }: { estimate: Estimate }) {
  const points = [...estimate.points].sort((a, b) => a.key - b.key);
  return (
    <div className="space-y-2">
      <ol aria-label={`Points of ${estimate.name}`} className="space-y-2">
        {points.map((p, i) => (
          <PointRow key={p.id} estimate={estimate} point={p} index={i} count={points.length} />
        ))}
      </ol>
      {canAddEstimatePoint(points.length) ? (
        <AddPoint estimate={estimate} />
      ) : (
        <p className="text-xs text-fg-subtle">A system has at most 6 points.</p>
      )}
    </div>
  );
}

/** A new point, added last. */
function AddPoint({ estimate }: { estimate: Estimate }) {
  const { slug, projectId } = useCurrentProject();
  const add = useAddEstimatePoint(slug, projectId);
  const toast = useToast();
  const toBody = (v: { value: string }) => ({ value: v.value.trim() });
  const { form, error, onSubmit } = useDialogForm(
    { value: "" },
    schemaCheck(
      (c) => c.createEstimatePointBody,
      toBody,
      (v): Record<string, string> => {
        const problem = valueProblem(
          estimate,
          estimate.points.map((p) => p.value),
          v.value,
        );
        return problem ? { value: problem } : {};
      },
    ),
  );
  const submit = onSubmit((v) =>
    add.mutate(
      { estimateId: estimate.id, ...toBody(v) },
      {
        onSuccess: () => form.reset({ value: "" }),
        onError: (e) => toast.show("error", "Could not add the point", why(e)),
      },
    ),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex items-start gap-2">
      <div className="flex-1">
        <Input
          aria-label="New point"
          placeholder={POINT_EXAMPLE[estimate.type]}
          error={error("value")}
          {...form.register("value", { onChange: () => form.clearErrors("value") })}
        />
      </div>
      <Button type="submit" variant="secondary" loading={add.isPending}>
        Add point
      </Button>
    </form>
  );
}

/** A saved point: its value saved on Enter or on leaving the field (Escape puts it back), moved, removed. */
function PointRow({
  estimate,
  point,
  index,
  count,
}: {
  estimate: Estimate;
  point: EstimatePoint;
  index: number;
  count: number;
}) {
  const { slug, projectId } = useCurrentProject();
  const update = useUpdateEstimatePoint(slug, projectId);
  const [value, setValue] = useState(point.value);
  const [error, setError] = useState<string | undefined>();
  const [seen, setSeen] = useState(point.value);
  if (seen !== point.value) {
    setSeen(point.value);
    setValue(point.value);
  }
  const others = estimate.points.filter((p) => p.id !== point.id).map((p) => p.value);
  const save = () => {
    if (value === point.value) return;
    const problem = valueProblem(estimate, others, value);
    if (problem) return setError(problem);
    update.mutate({ estimateId: estimate.id, id: point.id, value: value.trim() }, { onError: (e) => setError(why(e)) });
  };
  return (
    <li className="flex items-start gap-2">
      <span className="w-6 pt-2 text-right text-xs text-fg-subtle" aria-hidden>
        {index + 1}
      </span>
      <div className="flex-1">
        <Input
          aria-label={`Point ${index + 1}`}
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              save();
            }
            if (e.key === "Escape") {
              setValue(point.value);
              setError(undefined);
            }
          }}
        />
      </div>
      <PointActions estimate={estimate} point={point} index={index} count={count} update={update} />
    </li>
  );
}

/** A saved point's move up, move down and remove buttons. */
function PointActions({
  estimate,
  point,
  index,
  count,
  update,
}: {
  estimate: Estimate;
  point: EstimatePoint;
  index: number;
  count: number;
  update: ReturnType<typeof useUpdateEstimatePoint>;
}) {
  const { slug, projectId } = useCurrentProject();
  const remove = useDeleteEstimatePoint(slug, projectId);
  const toast = useToast();
  const move = (key: number) =>
    update.mutate(
      { estimateId: estimate.id, id: point.id, key },
      { onError: (e) => toast.show("error", "Could not move the point", why(e)) },
    );
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move ${point.value} up`}
        disabled={index === 0 || update.isPending}
        onClick={() => move(index)}
      >
        <ArrowUp size={14} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move ${point.value} down`}
        disabled={index === count - 1 || update.isPending}
        onClick={() => move(index + 2)}
      >
        <ArrowDown size={14} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${point.value}`}
        disabledReason={canRemoveEstimatePoint(count) ? undefined : "A system needs at least 2 points."}
        loading={remove.isPending}
        onClick={() =>
          remove.mutate(
            { estimateId: estimate.id, id: point.id },
            { onError: (e) => toast.show("error", "Could not remove the point", why(e)) },
          )
        }
      >
        <Trash2 size={14} aria-hidden />
      </Button>
    </>
  );
}
