import type { Editor } from "@tiptap/core";

export type Where = "selection" | "table" | "code" | null;

/** What the toolbar shows for the current selection (null: hidden). */
export function toolbarState(editor: Editor, pinned: boolean) {
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
export function blockRect(editor: Editor, name: string): DOMRect | null {
  const { $from } = editor.state.selection;
  for (let d = $from.depth; d > 0; d--) {
    if ($from.node(d).type.name !== name) continue;
    const dom = editor.view.nodeDOM($from.before(d));
    return dom instanceof HTMLElement ? dom.getBoundingClientRect() : null;
  }
  return null;
}

/** Arrow keys, Home and End between the toolbar's controls (wrapping): the index to focus, or null for another key. */
export function toolbarMove(key: string, current: number, count: number): number | null {
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  if (key !== "ArrowRight" && key !== "ArrowLeft") return null;
  return (current + (key === "ArrowRight" ? 1 : -1) + count) % count;
}

export type ToolbarState = ReturnType<typeof toolbarState>;

/** Runs an editor command chain with the focus back in the text. */
export type RunCommand = (fn: (c: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => boolean;
