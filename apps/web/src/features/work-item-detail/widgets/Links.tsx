import { useId, useState } from "react";
import { fieldErrors } from "../../../api/client.ts";
import { cx } from "../../../components/ui/index.ts";
import type { ItemKind } from "../../../api/work-items.ts";
import { useLinkMutations } from "../../../api/work-items-detail.ts";
import type { LinkLite } from "../../../api/work-items-types.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { relativeTime } from "../../../lib/dates.ts";
import { ADD_BTN, Widget } from "./Widget.tsx";

const FIELD = "w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm";

/** Links of a work item: add (URL and optional title), edit, remove. */
export function Links({
  slug,
  pid,
  id,
  kind,
  links,
  editable,
  open,
  onToggle,
}: {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  links: LinkLite[];
  editable: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const m = useLinkMutations(slug, pid, id, kind);
  const [form, setForm] = useState<{ id?: string; url: string; title: string } | null>(null);
  // The server's field errors ({url: ["Enter a valid URL."]}) show under their field until it is edited.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const urlErrorId = useId();
  const edit = (next: { id?: string; url: string; title: string } | null, field?: "url" | "title") => {
    setForm(next);
    setErrors((e) => (next && field ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : {}));
  };
  const save = () => {
    if (!form) return;
    const url = form.url.trim();
    if (!url) return;
    const body = { url, title: form.title.trim() || undefined };
    const opts = { onSuccess: () => edit(null), onError: (e: Error) => setErrors(fieldErrors(e)) };
    if (form.id) m.update.mutate({ linkId: form.id, ...body }, opts);
    else m.add.mutate(body, opts);
  };
  return (
    <Widget
      id="links"
      title="Links"
      count={links.length || undefined}
      open={open}
      onToggle={onToggle}
      actions={
        editable && (
          <button
            type="button"
            className={ADD_BTN}
            onClick={() => {
              edit({ url: "", title: "" });
              if (!open) onToggle();
            }}
          >
            <Icon name="plus" size={12} />
            Add link
          </button>
        )
      }
    >
      {form && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
          className="mb-2 space-y-2 rounded-md border border-line p-2"
          aria-label={form.id ? "Edit link" : "Add link"}
        >
          <input
            autoFocus
            aria-label="URL"
            placeholder="https://…"
            value={form.url}
            maxLength={2000}
            aria-invalid={!!errors.url}
            aria-describedby={errors.url ? urlErrorId : undefined}
            onChange={(e) => edit({ ...form, url: e.target.value }, "url")}
            className={cx(FIELD, errors.url && "border-red-500")}
          />
          {errors.url && (
            <p id={urlErrorId} role="alert" className="text-xs text-danger">
              {errors.url}
            </p>
          )}
          <input
            aria-label="Link title"
            placeholder="Title (optional)"
            value={form.title}
            maxLength={255}
            aria-invalid={!!errors.title}
            onChange={(e) => edit({ ...form, title: e.target.value }, "title")}
            className={cx(FIELD, errors.title && "border-red-500")}
          />
          {errors.title && (
            <p role="alert" className="text-xs text-danger">
              {errors.title}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => edit(null)} className="rounded px-2 py-1 text-xs hover:bg-fill">
              Cancel
            </button>
            <button
              type="submit"
              disabled={!form.url.trim() || m.add.isPending || m.update.isPending}
              className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50"
            >
              {form.id ? "Save" : "Add link"}
            </button>
          </div>
        </form>
      )}
      {links.length === 0 && !form && <p className="px-1 text-xs text-fg-subtle">No links.</p>}
      <ul className="space-y-1">
        {links.map((l) => (
          <li key={l.id} className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
            <Icon name="link" size={14} className="shrink-0 text-fg-faint" />
            <a
              href={l.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 flex-1 truncate text-indigo-600 hover:underline"
              title={l.url}
            >
              {l.title || l.url}
            </a>
            <span className="shrink-0 text-xs text-fg-subtle">{relativeTime(l.created_at)}</span>
            {editable && (
              <span className="flex opacity-0 focus-within:opacity-100 group-hover:opacity-100">
                <button
                  type="button"
                  aria-label={`Edit link ${l.title || l.url}`}
                  onClick={() => edit({ id: l.id, url: l.url, title: l.title ?? "" })}
                  className="rounded px-1 text-xs text-fg-subtle hover:bg-fill-strong"
                >
                  Edit
                </button>
                <button
                  type="button"
                  aria-label={`Remove link ${l.title || l.url}`}
                  onClick={() => m.remove.mutate(l.id)}
                  className="rounded p-1 text-fg-faint hover:bg-fill-strong hover:text-fg-muted"
                >
                  <Icon name="close" size={12} />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Widget>
  );
}
