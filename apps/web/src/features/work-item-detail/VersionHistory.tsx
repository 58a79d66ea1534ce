import { useState } from "react";
import { Modal } from "../../components/ui/index.ts";
import type { ItemKind } from "../../api/work-items.ts";
import { useDescriptionVersion, useDescriptionVersions, VERSIONS_PAGE } from "../../api/work-items-detail.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { VersionHistoryView } from "../../components/work-item/VersionHistoryView.tsx";

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
  return (
    <VersionHistoryView
      slug={slug}
      pid={pid}
      refs={refs}
      list={list}
      versions={versions}
      note={
        list.data?.next_page_results
          ? `Showing the latest ${VERSIONS_PAGE} of ${list.data.total_results} versions.`
          : null
      }
      emptyDescription="A version is kept each time the description changes; edits by one person within a few minutes count as one version."
      selectedId={selected?.id ?? null}
      onChoose={setChosen}
      detail={{ isLoading: detail.isLoading, isError: detail.isError, html: detail.data?.description_html ?? null }}
      currentHtml={currentHtml}
      currentLabel="the current description"
      canRestore={canRestore}
      onRestore={onRestore}
      onClose={onClose}
    />
  );
}
