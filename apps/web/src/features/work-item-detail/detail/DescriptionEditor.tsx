import { useEffect, useRef, useState } from "react";
import { useToast } from "../../../components/ui/index.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { isPendingItem } from "../../../components/work-item/item.ts";
import { RichEditor, type RichEditorHandle } from "../../../components/work-item/RichEditor.tsx";
import { VersionHistory } from "../VersionHistory.tsx";
import type { DetailScope } from "./useDetailActions.ts";

/**
 * The description: a rich editor that saves a moment after typing stops and when it loses focus, and its
 * version history (restoring a version is an edit, allowed to whoever may edit the description).
 */
export function DescriptionEditor({
  scope: { slug, pid, kind, item, refs },
  editable,
  onSave,
}: {
  scope: DetailScope;
  editable: boolean;
  onSave: (html: string) => void;
}) {
  const editor = useRef<RichEditorHandle>(null);
  const [history, setHistory] = useState(false);
  const toast = useToast();
  const saving = useSaveAfterTyping(item.description_html ?? "", onSave);
  // made offline, not on the server yet: no image can be its asset, and it has no versions there yet
  const pending = isPendingItem(item);
  const restore = (html: string) => {
    saving.saved(html);
    editor.current?.setHtml(html);
    onSave(html);
    setHistory(false);
    toast.show("success", "Description restored");
  };
  return (
    <div aria-label="Description" role="group">
      <RichEditor
        ref={editor}
        label="Description"
        bare={!editable}
        disabled={!editable}
        initialHtml={item.description_html}
        placeholder={editable ? "Add a description… type @ to mention, / for blocks" : "No description"}
        slug={slug}
        pid={pid}
        refs={refs}
        asset={pending ? undefined : { type: "ISSUE_DESCRIPTION", id: item.id }}
        minHeight={editable ? 90 : 24}
        onChange={saving.change}
        onBlur={saving.flush}
      />
      {!pending && (
        <div className="mt-1 flex justify-end">
          <button
            type="button"
            onClick={() => {
              saving.flush();
              setHistory(true);
            }}
            className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-fg-subtle hover:bg-fill hover:text-fg-secondary"
          >
            <Icon name="restore" size={12} /> Version history
          </button>
        </div>
      )}
      <VersionHistory
        open={history}
        onClose={() => setHistory(false)}
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        refs={refs}
        currentHtml={item.description_html}
        canRestore={editable}
        onRestore={restore}
      />
    </div>
  );
}

/**
 * Saves a text 1.2 s after the last change, at once on `flush` (and when the editor goes away), and only when it
 * differs from what was saved last (an empty text is saved as an empty paragraph). `saved`: a text saved otherwise
 * (a restored version), dropping whatever was waiting.
 */
function useSaveAfterTyping(initial: string, onSave: (html: string) => void) {
  const last = useRef(initial);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const flush = () => {
    stop();
    const html = pending.current;
    pending.current = null;
    if (html !== null && html !== last.current) {
      last.current = html;
      onSave(html || "<p></p>");
    }
  };
  useEffect(() => () => flush(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    flush,
    change: (html: string) => {
      pending.current = html;
      stop();
      timer.current = setTimeout(flush, 1200);
    },
    saved: (html: string) => {
      stop();
      pending.current = null;
      last.current = html;
    },
  };
}
