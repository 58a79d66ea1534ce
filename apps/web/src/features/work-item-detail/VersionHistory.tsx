import { useState } from "react";
import { Banner, Button, EmptyState, Modal, Spinner, cx } from "../../components/ui/index.ts";
import type { ItemKind } from "../../api/work-items.ts";
import { useDescriptionVersion, useDescriptionVersions, VERSIONS_PAGE, type DescriptionVersion } from "../../api/work-items-detail.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { RichText } from "../work-items/components/RichEditor.tsx";
import { displayName } from "../work-items/components/properties.tsx";
import { relativeTime } from "../work-items/lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";

/**
 * The description's version history: the kept versions (newest first, with time and author), a read-only
 * preview of the chosen one and, for those who may edit the description, "Restore this version", which
 * saves that text as a normal edit.
 */
export function VersionHistory(props: HistoryProps & { open: boolean; onClose: () => void }) {
  // The body mounts with each opening, so the chosen version starts again from the newest.
  return (
    <Modal open={props.open} onClose={props.onClose} title="Version history" wide>
      <HistoryBody {...props} />
    </Modal>
  );
}

interface HistoryProps {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  refs: ProjectRefs;
  onClose: () => void;
  currentHtml: string | null | undefined;
  canRestore: boolean;
  onRestore: (html: string) => void;
}

function HistoryBody({ slug, pid, id, kind, refs, onClose, currentHtml, canRestore, onRestore }: HistoryProps) {
  const list = useDescriptionVersions(slug, pid, id, kind);
  const versions = list.data?.results ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = versions.find((v) => v.id === chosen) ?? versions[0] ?? null;
  const detail = useDescriptionVersion(slug, pid, id, selected?.id ?? null, kind);
  const html = detail.data?.description_html ?? null;
  const isCurrent = html !== null && html === (currentHtml ?? "");
  const author = (v: DescriptionVersion) => displayName(refs.userById.get(v.owned_by));
  const fullTime = useDateTimeFormat().dateTime;

  let body;
  if (list.isLoading) body = <div className="flex justify-center py-10"><Spinner /></div>;
  else if (list.isError) body = <Banner kind="error">The version history could not be loaded.</Banner>;
  else if (versions.length === 0) {
    body = (
      <EmptyState
        title="No versions yet"
        description="A version is kept each time the description changes; edits by one person within a few minutes count as one version."
      />
    );
  } else {
    body = (
      <div className="grid gap-4 sm:grid-cols-[230px_minmax(0,1fr)]">
        <ol aria-label="Versions" className="max-h-[55vh] space-y-1 overflow-y-auto">
          {versions.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                aria-pressed={v.id === selected?.id}
                data-version={v.id}
                onClick={() => setChosen(v.id)}
                className={cx(
                  "w-full rounded-md px-2 py-1.5 text-left text-sm",
                  v.id === selected?.id ? "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
                )}
              >
                <span className="block font-medium" title={fullTime(v.last_saved_at)}>
                  {fullTime(v.last_saved_at)}
                  {i === 0 && <span className="ml-1 rounded bg-zinc-200 px-1 text-[10px] font-semibold uppercase text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300">Latest</span>}
                </span>
                <span className="block text-xs text-zinc-500">{author(v)} · {relativeTime(v.last_saved_at)}</span>
              </button>
            </li>
          ))}
          {list.data?.next_page_results && <li className="px-2 pt-1 text-xs text-zinc-500">Showing the latest {VERSIONS_PAGE} of {list.data.total_results} versions.</li>}
        </ol>
        <section aria-label="Version preview" className="min-w-0 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          {selected && (
            <p className="mb-2 text-xs text-zinc-500">
              Saved {fullTime(selected.last_saved_at)} by {author(selected)}
              {isCurrent && " · the current description"}
            </p>
          )}
          {detail.isLoading ? (
            <div className="flex justify-center py-6"><Spinner /></div>
          ) : detail.isError ? (
            <Banner kind="error">This version could not be loaded.</Banner>
          ) : (
            <RichText html={html} slug={slug} pid={pid} refs={refs} className="min-h-16" />
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      {body}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>Close</Button>
        {canRestore && versions.length > 0 && (
          <Button disabled={html === null || isCurrent} onClick={() => html !== null && onRestore(html)}>Restore this version</Button>
        )}
      </div>
    </>
  );
}
