import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSentItem } from "../../../api/local-db/client.ts";
import { Lazy } from "../../../components/lazy.tsx";
import { workItemDetailChunk } from "../../work-item-detail/lazy.ts";
import { useList } from "../context.tsx";

/** Work-item detail (page and peek view): one chunk, started by the route loader with the item's data. */
const WorkItemDetail = workItemDetailChunk.component("WorkItemDetail");

/** The peek view: the item's detail in a panel over the list (`?peekId=`); Escape closes it. */
export function PeekPanel() {
  const { slug, pid: listPid, peekId, closePeek, itemKind, spansProjects, itemOf } = useList();
  // a teamspace's list: the peeked item's own project
  const peeked = peekId ? itemOf(peekId) : undefined;
  const pid = spansProjects ? (peeked?.project_id ?? "") : listPid;
  // an item made offline, peeked at while pending, reached the server: the peek moves to the real item (its id, its
  // number) in place of the temporary one
  const sent = useSentItem(peekId);
  const [, setSp] = useSearchParams();
  useEffect(() => {
    if (!sent) return;
    setSp(
      (p) => {
        const n = new URLSearchParams(p);
        n.set("peekId", sent.id);
        return n;
      },
      { replace: true },
    );
  }, [sent, setSp]);
  useEffect(() => {
    if (!peekId) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest("dialog,[role=dialog],[role=listbox],[contenteditable=true],input,textarea,select")) return;
      closePeek();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [peekId, closePeek]);
  if (!peekId || !pid) return null;
  return (
    <aside
      aria-label="Peek view"
      className="absolute inset-y-0 right-0 z-30 flex w-full max-w-[640px] flex-col border-l border-line bg-canvas shadow-2xl"
    >
      <Lazy>
        <WorkItemDetail
          key={peekId}
          slug={slug}
          pid={pid}
          id={peekId}
          kind={itemKind}
          variant="peek"
          onClose={closePeek}
        />
      </Lazy>
    </aside>
  );
}
