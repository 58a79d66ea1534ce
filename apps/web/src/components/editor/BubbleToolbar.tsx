import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { FloatingPortal, autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react";
import { posToDOMRect, type Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { normalizeLink } from "@stride/shared/editor";
import {
  blockRect,
  toolbarMove,
  toolbarState,
  type RunCommand,
  type ToolbarState,
  type Where,
} from "./bubble-state.ts";
import { CodeLanguage, SelectionButtons, Sep, TableButtons } from "./BubbleButtons.tsx";
import { LinkForm } from "./LinkForm.tsx";

type ToolbarApi = { current: { focusToolbar: () => boolean; editLink: () => boolean } };

/**
 * The bubble toolbar: shown over a text selection (marks, link, headings, lists, quote), inside a
 * table (rows and columns) or a code block (its language). Alt+F10 moves focus into it from the text,
 * arrow keys move between its controls and Escape returns to the text; Ctrl/Cmd+K edits the link.
 */
export function BubbleToolbar({
  editor,
  label,
  root,
  api,
}: {
  editor: Editor;
  label: string;
  root: HTMLElement | null;
  /** filled in here: what the editor's shortcuts call */
  api: ToolbarApi;
}) {
  // focus is inside the toolbar (a ref too: the editor's blur transaction is read before React re-renders)
  const hold = useRef(false);
  const [, setPinnedState] = useState(false);
  const setPinned = (v: boolean) => {
    hold.current = v;
    setPinnedState(v);
  };
  const [linkEdit, setLinkEditState] = useState<string | null>(null);
  const setLinkEdit = (v: string | null) => {
    if (v !== null) hold.current = true;
    setLinkEditState(v);
  };
  const bar = useRef<HTMLDivElement | null>(null);
  const s = useEditorState({ editor, selector: ({ editor: e }) => (e ? toolbarState(e, hold.current) : null) });
  const where = s?.where ?? null;
  const { refs, floatingStyles } = useBubblePosition(editor, where, s);
  useToolbarApi(api, editor, where, bar, setPinned, setLinkEdit);

  const back = () => {
    setPinned(false);
    setLinkEdit(null);
    editor.commands.focus();
  };
  const run: RunCommand = (fn) => fn(editor.chain().focus()).run();

  if (!where || !s) return null;

  const closeLink = () => {
    setLinkEdit(null);
    setPinned(false);
  };

  return (
    <FloatingPortal root={root ?? undefined}>
      <div
        ref={(el) => {
          bar.current = el;
          refs.setFloating(el);
        }}
        role="toolbar"
        aria-label={`${label} formatting`}
        style={floatingStyles}
        onKeyDown={(e) => toolbarKeyDown(e, bar.current, linkEdit !== null, back)}
        onFocus={() => setPinned(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPinned(false);
        }}
        onMouseDown={(e) => {
          if ((e.target as HTMLElement).closest("button")) e.preventDefault();
        }}
        className="z-[75] flex max-w-[min(36rem,calc(100vw-16px))] flex-wrap items-center gap-0.5 rounded-lg border border-line-raised bg-surface p-1 shadow-lg"
      >
        {linkEdit !== null ? (
          <LinkForm
            initial={linkEdit}
            onApply={(value) => {
              if (!applyLink(value, run)) return false;
              closeLink();
              return true;
            }}
            onRemove={() => {
              run((c) => c.extendMarkRange("link").unsetLink());
              closeLink();
            }}
            onCancel={back}
          />
        ) : (
          <ToolbarBody s={s} run={run} onLink={() => setLinkEdit(s.link ?? "")} />
        )}
      </div>
    </FloatingPortal>
  );
}

/** Escape returns to the text (`back`); arrows, Home and End move between the controls (not while editing the link). */
function toolbarKeyDown(
  e: KeyboardEvent<HTMLDivElement>,
  bar: HTMLDivElement | null,
  linkEditing: boolean,
  back: () => void,
) {
  if (e.key === "Escape") {
    e.preventDefault();
    e.stopPropagation();
    back();
    return;
  }
  if (linkEditing || (e.target as HTMLElement).tagName === "SELECT") return;
  const items = [...(bar?.querySelectorAll<HTMLElement>("button, select") ?? [])];
  const next = toolbarMove(e.key, items.indexOf(document.activeElement as HTMLElement), items.length);
  if (next === null) return;
  e.preventDefault();
  items[next]?.focus();
}

/** Set, change or (an empty address) remove the link: false for an address that is no link. */
function applyLink(value: string, run: RunCommand): boolean {
  const href = normalizeLink(value);
  if (value.trim() === "") run((c) => c.extendMarkRange("link").unsetLink());
  else if (href) run((c) => c.extendMarkRange("link").setLink({ href }));
  else return false;
  return true;
}

/** What the toolbar holds where the selection is: a code block's language, or the text's and the table's buttons. */
function ToolbarBody({ s, run, onLink }: { s: ToolbarState; run: RunCommand; onLink: () => void }): ReactNode {
  if (s.where === "code") return <CodeLanguage language={s.language} run={run} />;
  return (
    <>
      {s.where === "selection" && <SelectionButtons s={s} run={run} onLink={onLink} />}
      {s.inTable && (
        <>
          {s.where === "selection" && <Sep />}
          <TableButtons run={run} />
        </>
      )}
    </>
  );
}

/** The toolbar placed over the selection, or at the top of the table or code block it is in. */
function useBubblePosition(editor: Editor, where: Where, s: ToolbarState | null) {
  const floating = useFloating({
    open: !!where,
    placement: where === "code" ? "top-end" : where === "table" ? "top-start" : "top",
    strategy: "fixed",
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { refs } = floating;
  useLayoutEffect(() => {
    if (!where) return;
    refs.setPositionReference({
      getBoundingClientRect: () => {
        if (editor.isDestroyed) return new DOMRect();
        if (where === "code") return blockRect(editor, "codeBlock") ?? new DOMRect();
        if (where === "table") return blockRect(editor, "table") ?? new DOMRect();
        const { from, to } = editor.state.selection;
        return posToDOMRect(editor.view, from, to);
      },
    });
  }, [where, s?.from, s?.to, editor, refs]);
  return floating;
}

/** What the editor's shortcuts call: Alt+F10 focuses the toolbar's first control, Ctrl/Cmd+K edits the link. */
function useToolbarApi(
  api: ToolbarApi,
  editor: Editor,
  where: Where,
  bar: { current: HTMLDivElement | null },
  setPinned: (v: boolean) => void,
  setLinkEdit: (v: string | null) => void,
) {
  useEffect(() => {
    const focusFirst = () => {
      const first = bar.current?.querySelector<HTMLElement>("button, select, input");
      if (!first) return false;
      setPinned(true);
      first.focus();
      return true;
    };
    api.current = {
      focusToolbar: () => (where ? focusFirst() : false),
      editLink: () => {
        if (editor.state.selection.empty && !editor.isActive("link")) return false;
        setLinkEdit((editor.getAttributes("link").href as string | undefined) ?? "");
        return true;
      },
    };
  });
}
