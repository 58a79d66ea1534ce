import { useState, type FormEvent } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import {
  ESTIMATE_MSG,
  ESTIMATE_SYSTEMS,
  ESTIMATE_TYPES,
  estimatePointLabel,
  canAddEstimatePoint,
  canRemoveEstimatePoint,
  duplicateValueIndexes,
  estimateValueProblem,
  templatePoints,
  type EstimateType,
} from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import {
  useAddEstimatePoint,
  useCreateEstimate,
  useDeleteEstimate,
  useDeleteEstimatePoint,
  useEstimates,
  useSetActiveEstimate,
  useUpdateEstimatePoint,
} from "../../api/estimates.ts";
import type { Estimate, EstimatePoint } from "../../api/work-items-types.ts";
import {
  Banner,
  Button,
  ConfirmModal,
  EmptyState,
  Input,
  Modal,
  PageSpinner,
  Select,
  Toggle,
  cx,
  useToast,
} from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

const why = (err: unknown) =>
  err instanceof ApiError ? errorMessage(err.body) : err instanceof Error ? err.message : undefined;
const TYPE_LABEL: Record<EstimateType, string> = { points: "Points", categories: "Categories", time: "Time (minutes)" };
/** What to type as a new point, per type (time: minutes). */
const POINT_EXAMPLE: Record<EstimateType, string> = {
  points: "e.g. 21",
  categories: "e.g. XXXL",
  time: "minutes, e.g. 90",
};

/**
 * Estimates (work-tracking.md §3, §5, §9): create a system from a template or custom points, edit and reorder
 * its points, switch the project's active system or turn estimates off, delete a system.
 */
export function ProjectEstimatesSettings() {
  return (
    <ProjectSettingsGate page="estimates">
      <Estimates />
    </ProjectSettingsGate>
  );
}

function Estimates() {
  const { slug, projectId, project } = useCurrentProject();
  const estimates = useEstimates(slug, projectId);
  const setActive = useSetActiveEstimate(slug, projectId);
  const del = useDeleteEstimate(slug, projectId);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Estimate | null>(null);
  if (estimates.isLoading) return <PageSpinner />;
  if (estimates.isError || estimates.data === null) return <Banner>Could not load the estimates.</Banner>;
  const all = estimates.data ?? [];
  const activeId = project.estimate ?? null;
  const current = all.find((e) => e.id === activeId) ?? all.find((e) => e.last_used) ?? null;
  const others = all.filter((e) => e !== current);
  const activate = (id: string | null, done: string) =>
    setActive.mutate(id, {
      onSuccess: () => toast.show("success", done),
      onError: (e) => toast.show("error", "Could not change the estimate", why(e)),
    });

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Estimates</h2>
          <p className="mt-1 text-sm text-fg-subtle">
            Size work items with points or categories. A project uses one estimate system at a time.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>Add estimate system</Button>
      </div>

      {!current ? (
        <EmptyState
          title="No estimate system yet"
          description="Start from a template (Fibonacci, T-shirt sizes, …) or your own points."
        />
      ) : (
        <section aria-label="Current estimate system" className="space-y-3 rounded-lg border border-line p-4">
          <Toggle
            label="Enable estimates for this project"
            description="Work items of the project can be sized with the system below."
            checked={activeId === current.id}
            disabled={setActive.isPending}
            onChange={(on) => activate(on ? current.id : null, on ? "Estimates enabled" : "Estimates disabled")}
          />
          <div className="flex items-center justify-between gap-2">
            <div>
              <h3 className="font-medium">{current.name}</h3>
              <p className="text-xs text-fg-subtle">
                {TYPE_LABEL[current.type]} · {current.points.length} points
              </p>
            </div>
            <Button variant="danger" size="sm" onClick={() => setDeleting(current)}>
              Delete
            </Button>
          </div>
          <PointsEditor estimate={current} />
        </section>
      )}

      {others.length > 0 && (
        <section aria-label="Other estimate systems" className="space-y-2">
          <h3 className="text-sm font-semibold">Other estimate systems</h3>
          <ul className="divide-y divide-line rounded-lg border border-line">
            {others.map((e) => (
              <li key={e.id} className="flex items-center gap-3 px-4 py-3" aria-label={e.name}>
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{e.name}</div>
                  <div className="truncate text-xs text-fg-subtle">
                    {TYPE_LABEL[e.type]} · {e.points.map((p) => estimatePointLabel(e.type, p.value)).join(", ")}
                  </div>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={setActive.isPending}
                  onClick={() => activate(e.id, `Now using ${e.name}`)}
                >
                  Use this system
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Delete ${e.name}`} onClick={() => setDeleting(e)}>
                  <Trash2 size={14} aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <CreateEstimateModal open={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete estimate system"
        message={`Delete "${deleting?.name}"? It is removed from every work item sized with it. This cannot be undone.`}
        confirmLabel="Delete"
        loading={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.show("success", "Estimate system deleted");
              setDeleting(null);
            },
            onError: (e) => {
              setDeleting(null);
              toast.show("error", "Could not delete the estimate system", why(e));
            },
          })
        }
      />
    </div>
  );
}

/** The points of a saved system, each changed on its own: value (on Enter or leaving the field), order, removal, addition. */
function PointsEditor({ estimate }: { estimate: Estimate }) {
  const { slug, projectId } = useCurrentProject();
  const add = useAddEstimatePoint(slug, projectId);
  const toast = useToast();
  const [draft, setDraft] = useState("");
  const [addError, setAddError] = useState<string | undefined>();
  const points = [...estimate.points].sort((a, b) => a.key - b.key);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const problem =
      estimateValueProblem(estimate.type, draft) ??
      (duplicateValueIndexes(estimate.type, [...points.map((p) => p.value), draft]).length
        ? ESTIMATE_MSG.duplicate
        : null);
    if (problem) return setAddError(problem);
    add.mutate(
      { estimateId: estimate.id, value: draft.trim() },
      {
        onSuccess: () => {
          setDraft("");
          setAddError(undefined);
        },
        onError: (e) => toast.show("error", "Could not add the point", why(e)),
      },
    );
  };
  return (
    <div className="space-y-2">
      <ol aria-label={`Points of ${estimate.name}`} className="space-y-2">
        {points.map((p, i) => (
          <PointRow key={p.id} estimate={estimate} point={p} index={i} count={points.length} />
        ))}
      </ol>
      {canAddEstimatePoint(points.length) ? (
        <form onSubmit={submit} className="flex items-start gap-2">
          <div className="flex-1">
            <Input
              aria-label="New point"
              placeholder={POINT_EXAMPLE[estimate.type]}
              value={draft}
              error={addError}
              onChange={(e) => {
                setDraft(e.target.value);
                setAddError(undefined);
              }}
            />
          </div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            Add point
          </Button>
        </form>
      ) : (
        <p className="text-xs text-fg-subtle">A system has at most 6 points.</p>
      )}
    </div>
  );
}

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
  const remove = useDeleteEstimatePoint(slug, projectId);
  const toast = useToast();
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
    const problem =
      estimateValueProblem(estimate.type, value) ??
      (duplicateValueIndexes(estimate.type, [...others, value]).length ? ESTIMATE_MSG.duplicate : null);
    if (problem) return setError(problem);
    update.mutate({ estimateId: estimate.id, id: point.id, value: value.trim() }, { onError: (e) => setError(why(e)) });
  };
  const move = (key: number) =>
    update.mutate(
      { estimateId: estimate.id, id: point.id, key },
      { onError: (e) => toast.show("error", "Could not move the point", why(e)) },
    );
  const label = `Point ${index + 1}`;
  return (
    <li className="flex items-start gap-2">
      <span className="w-6 pt-2 text-right text-xs text-fg-subtle" aria-hidden>
        {index + 1}
      </span>
      <div className="flex-1">
        <Input
          aria-label={label}
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
    </li>
  );
}

/** A new system: a type, a template (or custom), then the points as they will be saved; it becomes the active one. */
function CreateEstimateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const create = useCreateEstimate(slug, projectId);
  const toast = useToast();
  const [type, setType] = useState<EstimateType>("points");
  const [template, setTemplate] = useState("fibonacci");
  const [values, setValues] = useState<string[]>(() => templatePoints("points", "fibonacci").map((p) => p.value));
  const [name, setName] = useState(ESTIMATE_SYSTEMS.points.name);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const pick = (t: EstimateType, key: string) => {
    setType(t);
    setTemplate(key);
    setValues(templatePoints(t, key).map((p) => p.value));
    const title = ESTIMATE_SYSTEMS[t].templates.find((x) => x.key === key)?.title;
    setName(key === "custom" ? ESTIMATE_SYSTEMS[t].name : (title ?? ESTIMATE_SYSTEMS[t].name));
    setTried(false);
    setServerError(undefined);
  };
  const dups = new Set(duplicateValueIndexes(type, values));
  const problemAt = (i: number) =>
    estimateValueProblem(type, values[i]) ?? (dups.has(i) ? ESTIMATE_MSG.duplicate : null);
  const invalid = values.some((_, i) => problemAt(i));
  const setAt = (i: number, v: string) => setValues((vs) => vs.map((x, j) => (j === i ? v : x)));
  const swap = (i: number, j: number) =>
    setValues((vs) => {
      const out = [...vs];
      [out[i], out[j]] = [out[j], out[i]];
      return out;
    });
  const close = () => {
    onClose();
    pick("points", "fibonacci");
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (invalid) return;
    create.mutate(
      {
        estimate: { name: name.trim() || ESTIMATE_SYSTEMS[type].name, type, last_used: true },
        estimate_points: values.map((value, i) => ({ key: i + 1, value: value.trim() })),
      },
      {
        onSuccess: () => {
          toast.show("success", "Estimate system created");
          close();
        },
        onError: (e) => setServerError(why(e) ?? "Could not create the estimate system."),
      },
    );
  };
  return (
    <Modal open={open} onClose={close} title="New estimate system" wide>
      <form onSubmit={submit} className="space-y-4" aria-label="New estimate system">
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
        <Input label="Name" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
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
                    onChange={(e) => setAt(i, e.target.value)}
                  />
                </div>
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
                  disabled={i === values.length - 1}
                  onClick={() => swap(i, i + 1)}
                >
                  <ArrowDown size={14} aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove point ${i + 1}`}
                  disabled={!canRemoveEstimatePoint(values.length)}
                  onClick={() => setValues((vs) => vs.filter((_, j) => j !== i))}
                >
                  <Trash2 size={14} aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={!canAddEstimatePoint(values.length)}
            onClick={() => setValues((vs) => [...vs, ""])}
          >
            Add point
          </Button>
          <p className="text-xs text-fg-subtle">An estimate system needs between 2 and 6 points.</p>
        </div>
        {serverError && <Banner>{serverError}</Banner>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
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
