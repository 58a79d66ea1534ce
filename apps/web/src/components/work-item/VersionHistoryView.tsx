import type { ReactNode } from "react";
import { Banner, Button, EmptyState, Spinner, cx } from "../ui/index.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { relativeTime } from "../../lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { RichText } from "./RichEditor.tsx";
import { displayName } from "./properties.tsx";

/** A kept version of rich text (a work item's description, a page) as its list shows it. */
export interface VersionRow {
  id: string;
  owned_by: string;
  last_saved_at: string;
}

/**
 * A version history's body (the modal's content): the kept versions (newest first, with time and author), a
 * read-only preview of the chosen one and, for those who may edit the text, "Restore this version", which saves
 * that text as an edit like any other. The caller loads the list and the chosen version.
 */
export function VersionHistoryView({
  slug,
  pid,
  refs,
  list,
  versions,
  note,
  emptyDescription,
  selectedId,
  onChoose,
  detail,
  currentHtml,
  currentLabel,
  canRestore,
  onRestore,
  onClose,
}: {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  list: { isLoading: boolean; isError: boolean };
  versions: VersionRow[];
  /** below the list (e.g. how many versions are not shown) */
  note?: ReactNode;
  emptyDescription: string;
  selectedId: string | null;
  onChoose: (id: string) => void;
  detail: { isLoading: boolean; isError: boolean; html: string | null };
  currentHtml: string | null | undefined;
  /** how the preview names the current text ("the current description") */
  currentLabel: string;
  canRestore: boolean;
  onRestore: (html: string) => void;
  onClose: () => void;
}) {
  const selected = versions.find((v) => v.id === selectedId) ?? null;
  const html = detail.html;
  const isCurrent = html !== null && html === (currentHtml ?? "");
  const author = (v: VersionRow) => displayName(refs.userById.get(v.owned_by));
  const fullTime = useDateTimeFormat().dateTime;

  let body;
  if (list.isLoading)
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  else if (list.isError) body = <Banner kind="error">The version history could not be loaded.</Banner>;
  else if (versions.length === 0) body = <EmptyState title="No versions yet" description={emptyDescription} />;
  else {
    body = (
      <div className="grid gap-4 sm:grid-cols-[230px_minmax(0,1fr)]">
        <VersionList versions={versions} selectedId={selected?.id} onChoose={onChoose} author={author} note={note} />
        <section aria-label="Version preview" className="min-w-0 rounded-md border border-line p-3">
          {selected && (
            <p className="mb-2 text-xs text-fg-subtle">
              Saved {fullTime(selected.last_saved_at)} by {author(selected)}
              {isCurrent && ` · ${currentLabel}`}
            </p>
          )}
          <VersionPreview slug={slug} pid={pid} refs={refs} detail={detail} />
        </section>
      </div>
    );
  }

  return (
    <>
      {body}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {canRestore && versions.length > 0 && (
          <Button disabled={html === null || isCurrent} onClick={() => html !== null && onRestore(html)}>
            Restore this version
          </Button>
        )}
      </div>
    </>
  );
}

/** The kept versions, newest first ("Latest"), each with its time and author; the chosen one is pressed. */
function VersionList({
  versions,
  selectedId,
  onChoose,
  author,
  note,
}: {
  versions: VersionRow[];
  selectedId: string | undefined;
  onChoose: (id: string) => void;
  author: (v: VersionRow) => string;
  note?: ReactNode;
}) {
  const fullTime = useDateTimeFormat().dateTime;
  return (
    <ol aria-label="Versions" className="max-h-[55vh] space-y-1 overflow-y-auto">
      {versions.map((v, i) => (
        <li key={v.id}>
          <button
            type="button"
            aria-pressed={v.id === selectedId}
            data-version={v.id}
            onClick={() => onChoose(v.id)}
            className={cx(
              "w-full rounded-md px-2 py-1.5 text-left text-sm",
              v.id === selectedId ? "bg-accent-soft text-accent-strong" : "hover:bg-fill",
            )}
          >
            <span className="block font-medium" title={fullTime(v.last_saved_at)}>
              {fullTime(v.last_saved_at)}
              {i === 0 && (
                <span className="ml-1 rounded bg-fill-strong px-1 text-[10px] font-semibold uppercase text-fg-muted">
                  Latest
                </span>
              )}
            </span>
            <span className="block text-xs text-fg-subtle">
              {author(v)} · {relativeTime(v.last_saved_at)}
            </span>
          </button>
        </li>
      ))}
      {note && <li className="px-2 pt-1 text-xs text-fg-subtle">{note}</li>}
    </ol>
  );
}

/** The chosen version's text, read-only (a spinner while it loads). */
function VersionPreview({
  slug,
  pid,
  refs,
  detail,
}: {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  detail: { isLoading: boolean; isError: boolean; html: string | null };
}) {
  if (detail.isLoading)
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (detail.isError) return <Banner kind="error">This version could not be loaded.</Banner>;
  return <RichText html={detail.html} slug={slug} pid={pid} refs={refs} className="min-h-16" />;
}
