import { Suspense, lazy } from "react";
import { sanitizeHtml } from "../../lib/html.ts";

const RichTextEditor = lazy(() => import("../../components/editor/RichTextEditor.tsx").then((m) => ({ default: m.RichTextEditor })));

/** A sticky's text in the shared rich-text editor (its own chunk); until it loads, the text itself. */
export function StickyEditor({ html, label, autoFocus, onChange }: { html: string; label: string; autoFocus?: boolean; onChange: (html: string) => void }) {
  return (
    <Suspense fallback={<div className="editor"><div className="editor-content" data-rich-text dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} /></div>}>
      <RichTextEditor value={html} label={label} placeholder="Write a note…" bare autoFocus={autoFocus} minHeight={80} onChange={onChange} />
    </Suspense>
  );
}
