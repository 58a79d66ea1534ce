import { useId, useState } from "react";
import { cx } from "../../../components/ui/index.ts";
import type { ItemKind } from "../../../api/work-items.ts";
import { useLinkMutations } from "../../../api/work-items-detail.ts";
import type { LinkLite } from "../../../api/work-items-types.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { relativeTime } from "../../../lib/dates.ts";
import { schemaCheck } from "../../../lib/settings-form.ts";
import { AddButton, Widget } from "./Widget.tsx";
import { FIELD, FieldAlert, FormButtons, useWidgetForm } from "./form-bits.tsx";

/** The link being added (no id) or edited. */
interface Draft {
  id?: string;
  url: string;
  title: string;
}

const linkBody = (v: Draft) => ({ url: v.url.trim(), title: v.title.trim() || undefined });
const checkNew = schemaCheck((c) => c.createLinkBody, linkBody);
const checkEdit = schemaCheck((c) => c.updateLinkBody, linkBody);

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
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <Widget
      id="links"
      title="Links"
      count={links.length || undefined}
      open={open}
      onToggle={onToggle}
      actions={
        editable && (
          <AddButton open={open} onToggle={onToggle} onClick={() => setDraft({ url: "", title: "" })}>
            Add link
          </AddButton>
        )
      }
    >
      {draft && (
        <LinkForm
          // a new form for each link (or a new one): it starts from that link's values
          key={draft.id ?? "new"}
          draft={draft}
          saving={m.add.isPending || m.update.isPending}
          onSave={(body, done, onError) => {
            const opts = { onSuccess: done, onError };
            if (draft.id) m.update.mutate({ linkId: draft.id, ...body }, opts);
            else m.add.mutate(body, opts);
          }}
          onClose={() => setDraft(null)}
        />
      )}
      {links.length === 0 && !draft && <p className="px-1 text-xs text-fg-subtle">No links.</p>}
      <ul className="space-y-1">
        {links.map((l) => (
          <LinkRow
            key={l.id}
            link={l}
            editable={editable}
            onEdit={() => setDraft({ id: l.id, url: l.url, title: l.title ?? "" })}
            onRemove={() => m.remove.mutate(l.id)}
          />
        ))}
      </ul>
    </Widget>
  );
}

/**
 * Add or edit a link: checked as the server checks the body, and the server's field errors ({url: ["Enter a valid
 * URL."]}) show under their field until it is edited.
 */
function LinkForm({
  draft,
  saving,
  onSave,
  onClose,
}: {
  draft: Draft;
  saving: boolean;
  onSave: (body: ReturnType<typeof linkBody>, done: () => void, onError: (err: unknown) => void) => void;
  onClose: () => void;
}) {
  const { form, shown, edit, handle } = useWidgetForm<Draft>(draft, draft.id ? checkEdit : checkNew, (v, onError) =>
    onSave(linkBody(v), onClose, onError),
  );
  const urlErrorId = useId();
  const urlError = shown("url");
  const titleError = shown("title");
  return (
    <form
      onSubmit={handle}
      className="mb-2 space-y-2 rounded-md border border-line p-2"
      aria-label={draft.id ? "Edit link" : "Add link"}
    >
      <input
        autoFocus
        aria-label="URL"
        placeholder="https://…"
        maxLength={2000}
        aria-invalid={!!urlError}
        aria-describedby={urlError ? urlErrorId : undefined}
        {...form.register("url", { onChange: () => edit("url") })}
        className={cx(FIELD, urlError && "border-red-500")}
      />
      <FieldAlert id={urlErrorId}>{urlError}</FieldAlert>
      <input
        aria-label="Link title"
        placeholder="Title (optional)"
        maxLength={255}
        aria-invalid={!!titleError}
        {...form.register("title", { onChange: () => edit("title") })}
        className={cx(FIELD, titleError && "border-red-500")}
      />
      <FieldAlert>{titleError}</FieldAlert>
      <FormButtons onCancel={onClose} disabled={!form.watch("url").trim() || saving}>
        {draft.id ? "Save" : "Add link"}
      </FormButtons>
    </form>
  );
}

function LinkRow({
  link: l,
  editable,
  onEdit,
  onRemove,
}: {
  link: LinkLite;
  editable: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
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
            onClick={onEdit}
            className="rounded px-1 text-xs text-fg-subtle hover:bg-fill-strong"
          >
            Edit
          </button>
          <button
            type="button"
            aria-label={`Remove link ${l.title || l.url}`}
            onClick={onRemove}
            className="rounded p-1 text-fg-faint hover:bg-fill-strong hover:text-fg-muted"
          >
            <Icon name="close" size={12} />
          </button>
        </span>
      )}
    </li>
  );
}
