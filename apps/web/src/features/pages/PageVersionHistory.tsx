import { useState } from "react";
import { Banner, Button, EmptyState, Modal, Spinner, cx } from "../../components/ui/index.ts";
import { usePageVersion, usePageVersions, type PageDetail } from "../../api/pages.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { RichText } from "../../components/work-item/RichEditor.tsx";
import { displayName } from "../../components/work-item/properties.tsx";
import { relativeTime } from "../../lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";

interface Props {
  slug: string;
  pid: string;
  page: PageDetail;
  refs: ProjectRefs;
  canRestore: boolean;
  onRestore: (html: string) => void;
  onClose: () => void;
}

/**
 * A page's version history: the kept versions (newest first, with time and author), a preview of the chosen one,
 * and, for those who may change the content now, "Restore this version" (saved as an edit like any other).
 */
export function PageVersionHistory(props: Props & { open: boolean }) {
  return (
    <Modal open={props.open} onClose={props.onClose} title="Version history" wide>
      {props.open && <HistoryBody {...props} />}
    </Modal>
  );
}

function HistoryBody({ slug, pid, page, refs, canRestore, onRestore, onClose }: Props) {
  const list = usePageVersions(slug, pid, page.id);
  const versions = list.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = versions.find((v) => v.id === chosen) ?? versions[0] ?? null;
  const detail = usePageVersion(slug, pid, page.id, selected?.id ?? null);
  const html = detail.data?.description_html ?? null;
  const isCurrent = html !== null && html === page.description_html;
  const fullTime = useDateTimeFormat().dateTime;
  const author = (id: string) => displayName(refs.userById.get(id));

  let body;
  if (list.isLoading) body = <div className="flex justify-center py-10"><Spinner /></div>;
  else if (list.isError) body = <Banner kind="error">The version history could not be loaded.</Banner>;
  else if (versions.length === 0) body = <EmptyState title="No versions yet" description="A version is kept as the page is written; edits by one person within a few minutes count as one version." />;
  else {
    body = (
      <div className="grid gap-4 sm:grid-cols-[230px_minmax(0,1fr)]">
        <ol aria-label="Versions" className="max-h-[55vh] space-y-1 overflow-y-auto">
          {versions.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                aria-pressed={v.id === selected?.id}
                onClick={() => setChosen(v.id)}
                className={cx("w-full rounded-md px-2 py-1.5 text-left text-sm", v.id === selected?.id ? "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100" : "hover:bg-zinc-100 dark:hover:bg-zinc-800")}
              >
                <span className="block font-medium">
                  {fullTime(v.last_saved_at)}
                  {i === 0 && <span className="ml-1 rounded bg-zinc-200 px-1 text-[10px] font-semibold uppercase text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300">Latest</span>}
                </span>
                <span className="block text-xs text-zinc-500">{author(v.owned_by)} · {relativeTime(v.last_saved_at)}</span>
              </button>
            </li>
          ))}
        </ol>
        <section aria-label="Version preview" className="min-w-0 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          {selected && <p className="mb-2 text-xs text-zinc-500">Saved {fullTime(selected.last_saved_at)} by {author(selected.owned_by)}{isCurrent && " · the current text"}</p>}
          {detail.isLoading ? <div className="flex justify-center py-6"><Spinner /></div> : detail.isError ? <Banner kind="error">This version could not be loaded.</Banner> : <RichText html={html} slug={slug} pid={pid} refs={refs} className="min-h-16" />}
        </section>
      </div>
    );
  }
  return (
    <>
      {body}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>Close</Button>
        {canRestore && versions.length > 0 && <Button disabled={html === null || isCurrent} onClick={() => html !== null && onRestore(html)}>Restore this version</Button>}
      </div>
    </>
  );
}
