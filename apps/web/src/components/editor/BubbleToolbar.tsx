import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { FloatingPortal, autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react";
import { posToDOMRect, type Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  BetweenHorizontalEnd,
  BetweenHorizontalStart,
  BetweenVerticalEnd,
  BetweenVerticalStart,
  List,
  ListOrdered,
  ListTodo,
  Quote,
} from "lucide-react";
import { cx } from "../ui/cx.ts";
import { CODE_LANGUAGES, normalizeLink } from "@stride/shared/editor";

type Where = "selection" | "table" | "code" | null;

/** What the toolbar shows for the current selection (null: hidden). */
function toolbarState(editor: Editor, pinned: boolean) {
  const { state, view } = editor;
  const { selection } = state;
  // the view is not mounted yet on the editor's first render (a remounted editor, e.g. a reopened modal)
  const focused = (!editor.isDestroyed && view.hasFocus()) || pinned;
  const $from = selection.$from;
  const inCode = $from.parent.type.name === "codeBlock";
  let inTable = false;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type.name === "table") inTable = true;
  const textSelected =
    !selection.empty &&
    !("node" in selection) &&
    state.doc.textBetween(selection.from, selection.to, " ").trim() !== "";
  const where: Where =
    !focused || !editor.isEditable ? null : inCode ? "code" : textSelected ? "selection" : inTable ? "table" : null;
  return {
    where,
    inTable,
    from: selection.from,
    to: selection.to,
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    strike: editor.isActive("strike"),
    code: editor.isActive("code"),
    link: editor.isActive("link") ? (editor.getAttributes("link").href as string) : null,
    h1: editor.isActive("heading", { level: 1 }),
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    bullet: editor.isActive("bulletList"),
    ordered: editor.isActive("orderedList"),
    task: editor.isActive("taskList"),
    quote: editor.isActive("blockquote"),
    language: inCode ? (($from.parent.attrs.language as string | null) ?? "") : "",
  };
}

/** The element of the table or code block around the selection, to place the toolbar on. */
function blockRect(editor: Editor, name: string): DOMRect | null {
  const { $from } = editor.state.selection;
  for (let d = $from.depth; d > 0; d--) {
    if ($from.node(d).type.name !== name) continue;
    const dom = editor.view.nodeDOM($from.before(d));
    return dom instanceof HTMLElement ? dom.getBoundingClientRect() : null;
  }
  return null;
}

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
  api: { current: { focusToolbar: () => boolean; editLink: () => boolean } };
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

  const { refs, floatingStyles } = useFloating({
    open: !!where,
    placement: where === "code" ? "top-end" : where === "table" ? "top-start" : "top",
    strategy: "fixed",
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
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

  const focusFirst = () => {
    const first = bar.current?.querySelector<HTMLElement>("button, select, input");
    if (!first) return false;
    setPinned(true);
    first.focus();
    return true;
  };
  useEffect(() => {
    api.current = {
      focusToolbar: () => (where ? focusFirst() : false),
      editLink: () => {
        if (editor.state.selection.empty && !editor.isActive("link")) return false;
        setLinkEdit((editor.getAttributes("link").href as string | undefined) ?? "");
        return true;
      },
    };
  });

  const back = () => {
    setPinned(false);
    setLinkEdit(null);
    editor.commands.focus();
  };
  const run = (fn: (c: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => fn(editor.chain().focus()).run();

  if (!where || !s) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      back();
      return;
    }
    if (linkEdit !== null || (e.key !== "ArrowRight" && e.key !== "ArrowLeft" && e.key !== "Home" && e.key !== "End"))
      return;
    if ((e.target as HTMLElement).tagName === "SELECT") return;
    const items = [...(bar.current?.querySelectorAll<HTMLElement>("button, select") ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === "Home"
        ? 0
        : e.key === "End"
          ? items.length - 1
          : (i + (e.key === "ArrowRight" ? 1 : -1) + items.length) % items.length;
    e.preventDefault();
    items[next]?.focus();
  };

  const applyLink = (value: string) => {
    const href = normalizeLink(value);
    if (value.trim() === "") run((c) => c.extendMarkRange("link").unsetLink());
    else if (href) run((c) => c.extendMarkRange("link").setLink({ href }));
    else return false;
    setLinkEdit(null);
    setPinned(false);
    return true;
  };

  let body: ReactNode;
  if (linkEdit !== null) {
    body = (
      <LinkForm
        initial={linkEdit}
        onApply={applyLink}
        onRemove={() => {
          run((c) => c.extendMarkRange("link").unsetLink());
          setLinkEdit(null);
          setPinned(false);
        }}
        onCancel={back}
      />
    );
  } else if (where === "code") {
    body = (
      <label className="flex items-center gap-1.5 px-1 text-xs text-fg-subtle">
        Language
        <select
          aria-label="Code language"
          value={s.language}
          onChange={(e) => run((c) => c.updateAttributes("codeBlock", { language: e.target.value || null }))}
          className="rounded border border-line-raised bg-surface px-1 py-0.5 text-xs text-fg-secondary"
        >
          <option value="">Plain text</option>
          {CODE_LANGUAGES.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
          {s.language && !CODE_LANGUAGES.some((l) => l.id === s.language) && (
            <option value={s.language}>{s.language}</option>
          )}
        </select>
      </label>
    );
  } else {
    body = (
      <>
        {where === "selection" && (
          <>
            <Btn
              label="Bold"
              keys="Ctrl+B"
              on={s.bold}
              onClick={() => run((c) => c.toggleBold())}
              className="font-bold"
            >
              B
            </Btn>
            <Btn
              label="Italic"
              keys="Ctrl+I"
              on={s.italic}
              onClick={() => run((c) => c.toggleItalic())}
              className="italic"
            >
              I
            </Btn>
            <Btn
              label="Underline"
              keys="Ctrl+U"
              on={s.underline}
              onClick={() => run((c) => c.toggleUnderline())}
              className="underline"
            >
              U
            </Btn>
            <Btn
              label="Strikethrough"
              keys="Ctrl+Shift+S"
              on={s.strike}
              onClick={() => run((c) => c.toggleStrike())}
              className="line-through"
            >
              S
            </Btn>
            <Btn
              label="Inline code"
              keys="Ctrl+E"
              on={s.code}
              onClick={() => run((c) => c.toggleCode())}
              className="font-mono"
            >
              {"<>"}
            </Btn>
            <Btn label="Link" keys="Ctrl+K" on={!!s.link} onClick={() => setLinkEdit(s.link ?? "")}>
              Link
            </Btn>
            <Sep />
            <Btn label="Heading 1" on={s.h1} onClick={() => run((c) => c.toggleHeading({ level: 1 }))}>
              H1
            </Btn>
            <Btn label="Heading 2" on={s.h2} onClick={() => run((c) => c.toggleHeading({ level: 2 }))}>
              H2
            </Btn>
            <Btn label="Heading 3" on={s.h3} onClick={() => run((c) => c.toggleHeading({ level: 3 }))}>
              H3
            </Btn>
            <Btn label="Bulleted list" on={s.bullet} onClick={() => run((c) => c.toggleBulletList())}>
              <List size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Numbered list" on={s.ordered} onClick={() => run((c) => c.toggleOrderedList())}>
              <ListOrdered size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Task list" on={s.task} onClick={() => run((c) => c.toggleTaskList())}>
              <ListTodo size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Quote" on={s.quote} onClick={() => run((c) => c.toggleBlockquote())}>
              <Quote size={14} aria-hidden focusable="false" />
            </Btn>
          </>
        )}
        {s.inTable && (
          <>
            {where === "selection" && <Sep />}
            <Btn label="Add row above" onClick={() => run((c) => c.addRowBefore())}>
              <BetweenHorizontalStart size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Add row below" onClick={() => run((c) => c.addRowAfter())}>
              <BetweenHorizontalEnd size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Delete row" onClick={() => run((c) => c.deleteRow())}>
              Del row
            </Btn>
            <Btn label="Add column before" onClick={() => run((c) => c.addColumnBefore())}>
              <BetweenVerticalStart size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Add column after" onClick={() => run((c) => c.addColumnAfter())}>
              <BetweenVerticalEnd size={14} aria-hidden focusable="false" />
            </Btn>
            <Btn label="Delete column" onClick={() => run((c) => c.deleteColumn())}>
              Del col
            </Btn>
            <Btn label="Toggle header row" onClick={() => run((c) => c.toggleHeaderRow())}>
              Header
            </Btn>
            <Btn label="Delete table" onClick={() => run((c) => c.deleteTable())} className="text-danger">
              Delete
            </Btn>
          </>
        )}
      </>
    );
  }

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
        onKeyDown={onKeyDown}
        onFocus={() => setPinned(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPinned(false);
        }}
        onMouseDown={(e) => {
          if ((e.target as HTMLElement).closest("button")) e.preventDefault();
        }}
        className="z-[75] flex max-w-[min(36rem,calc(100vw-16px))] flex-wrap items-center gap-0.5 rounded-lg border border-line-raised bg-surface p-1 shadow-lg"
      >
        {body}
      </div>
    </FloatingPortal>
  );
}

function Btn({
  label,
  keys,
  on,
  onClick,
  className,
  children,
}: {
  label: string;
  keys?: string;
  on?: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={on === undefined ? undefined : on}
      title={keys ? `${label} (${keys})` : label}
      onClick={onClick}
      className={cx(
        "h-7 min-w-7 rounded px-1.5 text-xs text-fg-secondary hover:bg-fill",
        on && "bg-accent-soft text-accent",
        className,
      )}
    >
      {children}
    </button>
  );
}

function Sep() {
  return <span aria-hidden className="mx-0.5 h-5 w-px bg-fill-strong" />;
}

/** The link editor: the address (http, https or mailto; "example.com" becomes https://example.com). */
function LinkForm({
  initial,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  onApply: (v: string) => boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const apply = () => {
    if (!onApply(value)) setError("Enter a web address (http or https) or an email address.");
  };
  return (
    <div className="flex flex-col gap-1 p-0.5">
      <div className="flex items-center gap-1">
        <input
          ref={input}
          aria-label="Link URL"
          aria-invalid={!!error}
          aria-describedby={error ? "editor-link-error" : undefined}
          value={value}
          placeholder="https://…"
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              onCancel();
            }
          }}
          className="h-7 w-60 rounded border border-line-strong bg-canvas px-2 text-xs text-fg outline-none focus:border-indigo-500"
        />
        <button
          type="button"
          onClick={apply}
          className="h-7 rounded bg-indigo-600 px-2 text-xs font-medium text-white hover:bg-indigo-500"
        >
          Apply
        </button>
        {initial && (
          <button type="button" onClick={onRemove} className="h-7 rounded px-2 text-xs text-fg-muted hover:bg-fill">
            Remove link
          </button>
        )}
      </div>
      {error && (
        <p id="editor-link-error" role="alert" className="px-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
