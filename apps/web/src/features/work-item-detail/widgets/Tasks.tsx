import { useState } from "react";
import { TASK_STATUSES, type TaskStatus } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import type { ItemKind } from "../../../api/work-items.ts";
import { useTaskMutations } from "../../../api/work-items-detail.ts";
import type { TaskItem } from "../../../api/work-items-types.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { schemaCheck } from "../../../lib/settings-form.ts";
import { AddButton, Widget } from "./Widget.tsx";
import { InlineAddForm, type NameValues } from "./form-bits.tsx";

const STATUS_LABEL: Record<string, string> = {
  pending: "To do",
  in_progress: "In progress",
  completed: "Done",
  cancelled: "Cancelled",
};

/** A new task's name, checked as the server checks POST …/tasks/. */
const checkTask = schemaCheck(
  (c) => c.createTaskBody,
  (v: NameValues) => ({ name: v.name.trim() }),
);

/** Tasks (a checklist with statuses, in_progress included). */
export function Tasks({
  slug,
  pid,
  id,
  kind,
  tasks,
  editable,
  open,
  onToggle,
}: {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  tasks: TaskItem[];
  editable: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const m = useTaskMutations(slug, pid, id, kind);
  const [adding, setAdding] = useState(false);
  const done = tasks.filter((t) => t.status === "completed").length;
  const sorted = [...tasks].sort((a, b) => a.sort_order - b.sort_order);
  return (
    <Widget
      id="tasks"
      title="Tasks"
      count={tasks.length ? `${done}/${tasks.length}` : undefined}
      open={open}
      onToggle={onToggle}
      actions={
        editable && (
          <AddButton open={open} onToggle={onToggle} onClick={() => setAdding(true)}>
            Add task
          </AddButton>
        )
      }
    >
      <ul className="space-y-0.5" aria-label="Tasks">
        {sorted.map((t) => (
          <TaskRow
            key={t.id}
            task={t}
            editable={editable}
            onStatus={(status) => m.update.mutate({ taskId: t.id, status })}
            onDelete={() => m.remove.mutate(t.id)}
          />
        ))}
        {tasks.length === 0 && !adding && <li className="px-1 text-xs text-fg-subtle">No tasks.</li>}
      </ul>
      {adding && (
        <InlineAddForm
          label="Task name"
          placeholder="Task, Enter to add"
          check={checkTask}
          className="mt-1"
          inputClassName="w-full rounded border border-indigo-400 bg-surface px-2 py-1 text-sm outline-none"
          onAdd={(name, onError) => m.create.mutate(name, { onError })}
          onClose={() => setAdding(false)}
        />
      )}
    </Widget>
  );
}

/** One task: done or not, its status, delete. */
function TaskRow({
  task: t,
  editable,
  onStatus,
  onDelete,
}: {
  task: TaskItem;
  editable: boolean;
  onStatus: (status: TaskStatus) => void;
  onDelete: () => void;
}) {
  return (
    <li className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
      <input
        type="checkbox"
        aria-label={`Done: ${t.name}`}
        checked={t.status === "completed"}
        disabled={!editable}
        onChange={(e) => onStatus(e.target.checked ? "completed" : "pending")}
        className="h-4 w-4 accent-indigo-600"
      />
      <span
        className={cx(
          "min-w-0 flex-1 truncate",
          (t.status === "completed" || t.status === "cancelled") && "text-fg-subtle line-through",
        )}
      >
        {t.name}
      </span>
      <select
        aria-label={`Status of ${t.name}`}
        value={t.status}
        disabled={!editable}
        onChange={(e) => onStatus(e.target.value as TaskStatus)}
        className="h-6 rounded border border-line-raised bg-surface px-1 text-xs"
      >
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABEL[s] ?? s}
          </option>
        ))}
      </select>
      {editable && (
        <button
          type="button"
          aria-label={`Delete task ${t.name}`}
          onClick={onDelete}
          className="rounded p-1 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
        >
          <Icon name="trash" size={12} />
        </button>
      )}
    </li>
  );
}
