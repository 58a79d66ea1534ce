import { Suspense, lazy, useCallback, useEffect, useRef } from "react";
import type { RichTextEditorHandle } from "../../components/editor/index.ts";
import { sanitizeHtml } from "../../lib/html.ts";

const RichTextEditor = lazy(() =>
  import("../../components/editor/RichTextEditor.tsx").then((m) => ({ default: m.RichTextEditor })),
);

/**
 * A sticky's text in the shared rich-text editor (its own chunk); until it loads, the text itself. `focused` takes
 * the focus into it (a sticky just added becomes the active one), whether the editor is already there or arrives.
 */
/** Focus after the editor's view is mounted (the handle arrives while React attaches refs, before the view exists). */
const focusSoon = (h: RichTextEditorHandle) => requestAnimationFrame(() => h.focus());

export function StickyEditor({
  html,
  label,
  focused,
  onChange,
}: {
  html: string;
  label: string;
  focused?: boolean;
  onChange: (html: string) => void;
}) {
  const handle = useRef<RichTextEditorHandle | null>(null);
  const wantFocus = useRef(focused);
  wantFocus.current = focused;
  const setHandle = useCallback((h: RichTextEditorHandle | null) => {
    handle.current = h;
    if (h && wantFocus.current) focusSoon(h);
  }, []);
  useEffect(() => {
    if (focused && handle.current) focusSoon(handle.current);
  }, [focused]);
  return (
    <Suspense
      fallback={
        <div className="editor">
          <div className="editor-content" data-rich-text dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
        </div>
      }
    >
      <RichTextEditor
        ref={setHandle}
        value={html}
        label={label}
        placeholder="Write a note…"
        bare
        minHeight={80}
        onChange={onChange}
      />
    </Suspense>
  );
}
