import { useState } from "react";
import { Modal } from "../../components/ui/index.ts";
import { usePageVersion, usePageVersions, type PageDetail } from "../../api/pages.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { VersionHistoryView } from "../../components/work-item/VersionHistoryView.tsx";

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
  return (
    <VersionHistoryView
      slug={slug}
      pid={pid}
      refs={refs}
      list={list}
      versions={versions}
      emptyDescription="A version is kept as the page is written; edits by one person within a few minutes count as one version."
      selectedId={selected?.id ?? null}
      onChoose={setChosen}
      detail={{ isLoading: detail.isLoading, isError: detail.isError, html: detail.data?.description_html ?? null }}
      currentHtml={page.description_html}
      currentLabel="the current text"
      canRestore={canRestore}
      onRestore={onRestore}
      onClose={onClose}
    />
  );
}
