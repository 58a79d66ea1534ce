import { useState } from "react";
import { TASK_STATUSES, type TaskStatus } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import type { ItemKind } from "../../../api/work-items.ts";
import { useTaskMutations } from "../../../api/work-items-detail.ts";
import type { TaskItem } from "../../../api/work-items-types.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { ADD_BTN, Widget } from "./Widget.tsx";

const STATUS_LABEL: Record<string, string> = {
  pending: "To do",
  in_progress: "In progress",
  completed: "Done",
  cancelled: "Cancelled",
};

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
  const [name, setName] = useState("");
  const done = tasks.filter((t) => t.status === "completed").length;
  const sorted = [...tasks].sort((a, b) => a.sort_order - b.sort_order);
  const submit = () => {
    const n = name.trim();
    if (!n) return;
    setName("");
    m.create.mutate(n);
  };
  return (
    <Widget
      id="tasks"
      title="Tasks"
      count={tasks.length ? `${done}/${tasks.length}` : undefined}
      open={open}
      onToggle={onToggle}
      actions={
        editable && (
          <button
            type="button"
            className={ADD_BTN}
            onClick={() => {
              setAdding(true);
              if (!open) onToggle();
            }}
          >
            <Icon name="plus" size={12} />
            Add task
          </button>
        )
      }
    >
      <ul className="space-y-0.5" aria-label="Tasks">
        {sorted.map((t) => (
          <li key={t.id} className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
            <input
              type="checkbox"
              aria-label={`Done: ${t.name}`}
              checked={t.status === "completed"}
              disabled={!editable}
              onChange={(e) => m.update.mutate({ taskId: t.id, status: e.target.checked ? "completed" : "pending" })}
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
              onChange={(e) => m.update.mutate({ taskId: t.id, status: e.target.value as TaskStatus })}
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
                onClick={() => m.remove.mutate(t.id)}
                className="rounded p-1 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
              >
                <Icon name="trash" size={12} />
              </button>
            )}
          </li>
        ))}
        {tasks.length === 0 && !adding && <li className="px-1 text-xs text-fg-subtle">No tasks.</li>}
      </ul>
      {adding && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          className="mt-1"
        >
          <input
            autoFocus
            aria-label="Task name"
            placeholder="Task, Enter to add"
            value={name}
            maxLength={255}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                setAdding(false);
                setName("");
              }
            }}
            onBlur={() => {
              if (!name.trim()) setAdding(false);
            }}
            className="w-full rounded border border-indigo-400 bg-surface px-2 py-1 text-sm outline-none"
          />
        </form>
      )}
    </Widget>
  );
}
