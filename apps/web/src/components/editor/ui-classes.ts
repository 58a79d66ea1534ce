/**
 * Classes the editor itself puts inside rich text on screen (never stored): ProseMirror's and Tiptap's
 * own, the highlighted code's token spans, the editor's node views. Stored markup carries only
 * `language-*` (code blocks); what else a test finds inside `[data-rich-text]` came from content.
 */
export const EDITOR_UI_CLASS =
  /^(mention|language-[\w+#.-]+|hljs(-[\w-]+)?|[a-z]+_+|editor-[\w-]+|tiptap|tableWrapper|selectedCell|column-resize-handle|resize-cursor|suggestion|is-empty|is-editor-empty|ProseMirror(-[\w-]+)?)$/;

/** Editor widgets placed with absolute positioning on purpose (gap cursor, column resize handle, a task's hidden checkbox styler). */
export const EDITOR_POSITIONED =
  '.ProseMirror-gapcursor, .column-resize-handle, ul[data-type="taskList"] > li > label > span';
