import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type CSSProperties,
  type ForwardedRef,
  type MutableRefObject,
} from "react";
import { Extension } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { Collaboration } from "@tiptap/extension-collaboration";
import type { Doc } from "yjs";
import type { Awareness } from "y-protocols/awareness";
import { cx } from "../ui/cx.ts";
import { BubbleToolbar } from "./BubbleToolbar.tsx";
import {
  documentHtml,
  editorExtensions,
  refreshMentions,
  SuggestStore,
  type ImageUpload,
  type MentionAttrs,
  type MentionCandidate,
  type MentionView,
  type WorkItemEmbedAttrs,
  type WorkItemEmbedCandidate,
  type WorkItemEmbedView,
} from "@stride/shared/editor";
import { SuggestMenu } from "./SuggestMenu.tsx";
import { SlashCommands } from "./slash.ts";
import { CollabCaret, type CollabUser } from "./collab.ts";

export interface RichTextEditorHandle {
  /** the document in its stored form */
  getHtml: () => string;
  /** replace the document (not reported through onChange) */
  setHtml: (html: string) => void;
  clear: () => void;
  focus: () => void;
}

export interface RichTextEditorProps {
  /** the document (stored HTML); a new value replaces the content unless it is being edited */
  value?: string | null;
  /** every change, in stored form */
  onChange?: (html: string) => void;
  /** Ctrl/Cmd+Enter */
  onSubmit?: () => void;
  onBlur?: () => void;
  /** accessible name of the text box */
  label?: string;
  placeholder?: string;
  /** a preview: nothing can be changed, links and mentions lead to what they name */
  readOnly?: boolean;
  /** work items embedded as cards ("[[" and the slash menu's "Work item"; pages) */
  embeds?: {
    search: (query: string) => Promise<WorkItemEmbedCandidate[]>;
    view: (attrs: WorkItemEmbedAttrs) => Promise<WorkItemEmbedView | null>;
  };
  /** @ list and mention chips */
  mentions?: { search: (query: string) => Promise<MentionCandidate[]>; view: (attrs: MentionAttrs) => MentionView };
  /** image upload (paste, drop, slash menu); none: images cannot be added */
  upload?: ImageUpload;
  /** an image's stored `src` (asset id or URL) → the address to load */
  imageUrl?: (src: string) => string;
  /** an upload failed or a file was refused */
  onError?: (message: string) => void;
  /** number of uploads in progress */
  onUploadsChange?: (count: number) => void;
  autoFocus?: boolean;
  minHeight?: number;
  /** without the box around it */
  bare?: boolean;
  /**
   * Edit a shared Yjs document (a page) instead of `value`: the content comes from and goes to the document, and
   * the others' carets show through the awareness. Fixed for the editor's life (remount for another document).
   */
  collab?: { document: Doc; awareness: Awareness | null; user: CollabUser | null };
  className?: string;
}

/**
 * The rich-text editor (Tiptap / ProseMirror) of descriptions and comments, and later of pages:
 * markdown shortcuts, a slash menu, a bubble toolbar on selection, code blocks with highlighting,
 * task lists, tables, links, images uploaded on paste or drop, and @mentions of people and work items.
 * In and out goes the stored HTML (Plane's form, exactly what the shared allowlist keeps). Tiptap's
 * injected <style> is off (the CSP forbids it): the styles are in editor.css.
 */
export const RichTextEditor = forwardRef<RichTextEditorHandle, RichTextEditorProps>(
  function RichTextEditor(props, ref) {
    const { value, label, readOnly = false, autoFocus, minHeight, bare, className } = props;
    const latest = useRef(props);
    latest.current = props;
    const listId = useId();
    const [store] = useState(() => new SuggestStore());
    const mentionView = useRef<(a: MentionAttrs) => MentionView>(
      (a) => props.mentions?.view(a) ?? { text: a.label ?? "" },
    );
    const submit = useRef<(() => void) | null>(null);
    submit.current = props.onSubmit ? () => latest.current.onSubmit?.() : null;
    const toolbar = useRef({ focusToolbar: () => false, editLink: () => false });
    /** the stored form last reported or loaded, so that only real changes are reported */
    const last = useRef<string>("");
    // lists and toolbars open inside a modal <dialog> (the top layer) when the editor is in one
    const [root, setRoot] = useState<HTMLElement | null>(null);
    const host = useCallback((el: HTMLDivElement | null) => {
      if (el) setRoot(el.closest("dialog"));
    }, []);

    const editor = useEditor(
      {
        injectCSS: false,
        immediatelyRender: true,
        shouldRerenderOnTransaction: false,
        editable: !readOnly,
        autofocus: autoFocus ? "end" : false,
        content: props.collab ? undefined : value || "",
        extensions: editorExtensionsOf(props, { latest, store, mentionView, submit, toolbar }),
        editorProps: {
          attributes: {
            class: "editor-content",
            "data-rich-text": "",
            ...(label
              ? {
                  role: "textbox",
                  "aria-multiline": "true",
                  "aria-label": label,
                  ...(readOnly ? { "aria-readonly": "true" } : {}),
                }
              : {}),
          },
        },
        onCreate: ({ editor: e }) => {
          last.current = documentHtml(e.state.doc, e.schema);
        },
        onUpdate: ({ editor: e }) => {
          const html = documentHtml(e.state.doc, e.schema);
          if (html === last.current) return;
          last.current = html;
          latest.current.onChange?.(html);
        },
        onBlur: () => latest.current.onBlur?.(),
      },
      [],
    );

    // the chips' names come from the host (members load later than the text)
    useEffect(() => {
      mentionView.current = (a) => latest.current.mentions?.view(a) ?? { text: a.label ?? "" };
      refreshMentions();
    }, [props.mentions]);

    useOutsideValue(editor, value, readOnly, latest, last);
    useListAnnounced(editor, store, listId);
    useEditorHandle(ref, editor, last);

    return (
      <div
        ref={host}
        className={cx("editor", !bare && !readOnly && "editor-box", readOnly && "editor-readonly", className)}
        style={minHeight ? ({ "--editor-min-height": `${minHeight}px` } as CSSProperties) : undefined}
      >
        <EditorContent editor={editor} />
        {editor && !readOnly && (
          <>
            <BubbleToolbar editor={editor} label={label ?? "Text"} root={root} api={toolbar} />
            <SuggestMenu store={store} id={listId} root={root} />
          </>
        )}
      </div>
    );
  },
);

type Editor = NonNullable<ReturnType<typeof useEditor>>;
type Latest = MutableRefObject<RichTextEditorProps>;

/** The editor's extensions: the shared ones, the slash menu, the shared document's when editing one, and the shortcuts. */
function editorExtensionsOf(
  props: RichTextEditorProps,
  {
    latest,
    store,
    mentionView,
    submit,
    toolbar,
  }: {
    latest: Latest;
    store: SuggestStore;
    mentionView: MutableRefObject<(a: MentionAttrs) => MentionView>;
    submit: MutableRefObject<(() => void) | null>;
    toolbar: MutableRefObject<{ focusToolbar: () => boolean; editLink: () => boolean }>;
  },
) {
  const readOnly = props.readOnly ?? false;
  return [
    ...editorExtensions({
      collaborative: !!props.collab,
      placeholder: props.placeholder,
      suggest: readOnly ? null : store,
      mentions: {
        search: readOnly ? null : (q) => latest.current.mentions?.search(q) ?? Promise.resolve([]),
        view: mentionView,
      },
      embeds: {
        search: readOnly || !props.embeds ? null : (q) => latest.current.embeds?.search(q) ?? Promise.resolve([]),
        view: (a) => latest.current.embeds?.view(a) ?? Promise.resolve(null),
      },
      images: {
        upload: readOnly || !props.upload ? null : (file, onProgress) => latest.current.upload!(file, onProgress),
        url: (src) => latest.current.imageUrl?.(src) ?? src,
        onError: (m) => latest.current.onError?.(m),
        onUploads: (n) => latest.current.onUploadsChange?.(n),
      },
      onSubmit: submit,
    }),
    SlashCommands.configure({ store: readOnly ? null : store }),
    ...(props.collab
      ? [
          Collaboration.configure({ document: props.collab.document, field: "default" }),
          CollabCaret.configure({ awareness: props.collab.awareness, user: props.collab.user }),
        ]
      : []),
    Extension.create({
      name: "toolbarShortcuts",
      addKeyboardShortcuts: () => ({
        "Alt-F10": () => toolbar.current.focusToolbar(),
        "Mod-k": () => toolbar.current.editLink(),
        // ProseMirror keeps Escape from the browser, so a dialog around the editor would never hear it:
        // unless an open list of the editor takes it (this keymap runs before the lists' plugins), hand it
        // on as the dialog's own Escape (cancel, then close).
        Escape: ({ editor: e }) => {
          const dialog = e.view.dom.closest("dialog");
          if (!dialog?.open || store.get()) return false;
          if (dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
          return true;
        },
      }),
    }),
  ];
}

/** A new value from outside (another save, a restored version) replaces the text unless it is being edited. */
function useOutsideValue(
  editor: Editor | null,
  value: string | null | undefined,
  readOnly: boolean,
  latest: Latest,
  last: MutableRefObject<string>,
) {
  useEffect(() => {
    if (!editor || editor.isDestroyed || value == null || latest.current.collab) return;
    if (!readOnly && editor.isFocused) return;
    const current = documentHtml(editor.state.doc, editor.schema);
    if (value === current || value === last.current) return;
    editor.commands.setContent(value, { emitUpdate: false });
    last.current = documentHtml(editor.state.doc, editor.schema);
  }, [value, editor, readOnly, latest, last]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
}

/** The open list is announced from the text box. */
function useListAnnounced(editor: Editor | null, store: SuggestStore, listId: string) {
  useEffect(() => {
    if (!editor) return;
    return store.subscribe(() => {
      const s = store.get();
      const dom = editor.view.dom;
      if (s && s.items.length) {
        dom.setAttribute("aria-controls", listId);
        dom.setAttribute("aria-activedescendant", `${listId}-${s.active}`);
      } else {
        dom.removeAttribute("aria-controls");
        dom.removeAttribute("aria-activedescendant");
      }
    });
  }, [editor, store, listId]);
}

function useEditorHandle(
  ref: ForwardedRef<RichTextEditorHandle>,
  editor: Editor | null,
  last: MutableRefObject<string>,
) {
  useImperativeHandle(
    ref,
    () => ({
      getHtml: () => (editor ? documentHtml(editor.state.doc, editor.schema) : ""),
      setHtml: (html) => {
        if (!editor) return;
        editor.commands.setContent(html, { emitUpdate: false });
        last.current = documentHtml(editor.state.doc, editor.schema);
      },
      clear: () => {
        if (!editor) return;
        editor.commands.clearContent(false);
        last.current = documentHtml(editor.state.doc, editor.schema);
      },
      // a focus asked for a frame later may find the editor gone (its sticky or comment re-rendered)
      focus: () => {
        if (editor && !editor.isDestroyed) editor.commands.focus();
      },
    }),
    [editor, last],
  );
}
