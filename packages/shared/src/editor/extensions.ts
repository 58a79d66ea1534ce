import { Extension, type AnyExtension, type Attributes } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { CodeBlockLowlight } from "@tiptap/extension-code-block-lowlight";
import { Placeholder } from "@tiptap/extensions";
import { Image, type ImageOptions } from "./image.ts";
import { Mention, type MentionOptions } from "./mention.ts";
import { WorkItemEmbed, type WorkItemEmbedOptions } from "./embed.ts";
import { isAllowedLink } from "./serialize.ts";
import type { SuggestStore } from "./suggest.ts";
import { lowlight } from "./lowlight.ts";

export { CODE_LANGUAGES, lowlight } from "./lowlight.ts";

/** Everything the editor needs from its host; all optional (a bare editor has no mentions or uploads). */
export interface EditorSetup {
  placeholder?: string;
  /** the @ list writes here (one store per editor; the web adds the slash list on the same store) */
  suggest?: SuggestStore | null;
  mentions?: Partial<MentionOptions>;
  /** work items embedded as cards (pages): the list to pick from and the cards' content */
  embeds?: Partial<WorkItemEmbedOptions>;
  images?: Partial<ImageOptions>;
  /** Ctrl/Cmd+Enter */
  onSubmit?: { current: (() => void) | null };
  /** the document is a shared Yjs document (its own undo history replaces the editor's) */
  collaborative?: boolean;
}

/** Cell attributes without `align` (rendered as a style attribute, which neither the CSP nor the allowlist admits). */
function withoutAlign(this: { parent?: (() => object) | undefined }): Attributes {
  const { align: _align, ...rest } = (this.parent?.() ?? {}) as Attributes;
  return rest;
}

/**
 * The editor's schema and behaviour, in one list shared by the editor, its read-only view and the test
 * that checks its HTML against the server's sanitiser. Every node and mark here renders only markup the
 * shared allowlist keeps, and no `style` attribute (the app's CSP forbids them; widths go through CSSOM).
 */
export function editorExtensions(setup: EditorSetup = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      codeBlock: false,
      ...(setup.collaborative ? { undoRedo: false as const } : {}),
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        protocols: [],
        defaultProtocol: "https",
        isAllowedUri: (url) => isAllowedLink(url),
        shouldAutoLink: (url) => isAllowedLink(url) || /^[\w-]+(\.[\w-]+)+/.test(url),
        HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow", class: null },
      },
      dropcursor: { class: "editor-dropcursor", color: false, width: 2 },
    }),
    Placeholder.configure({ placeholder: setup.placeholder ?? "", showOnlyWhenEditable: false }),
    TaskList,
    TaskItem.configure({ nested: true }),
    CodeBlockLowlight.configure({ lowlight, defaultLanguage: null, languageClassPrefix: "language-" }),
    // tables as Plane stores them: no colgroup and no inline styles (cell widths live in `colwidth`)
    Table.extend({
      renderHTML({ HTMLAttributes }) {
        const { style: _style, ...attrs } = HTMLAttributes as Record<string, unknown>;
        return ["table", attrs, ["tbody", 0]];
      },
    }).configure({ resizable: true, renderWrapper: false, cellMinWidth: 60 }),
    TableRow,
    TableHeader.extend({ addAttributes: withoutAlign }),
    TableCell.extend({ addAttributes: withoutAlign }),
    Image.configure(setup.images ?? {}),
    Mention.configure({ ...(setup.mentions ?? {}), store: setup.suggest ?? null }),
    WorkItemEmbed.configure({ ...(setup.embeds ?? {}), store: setup.suggest ?? null }),
    Extension.create({
      name: "submitShortcut",
      addKeyboardShortcuts: () => ({
        "Mod-Enter": () => {
          const submit = setup.onSubmit?.current;
          if (!submit) return false;
          submit();
          return true;
        },
      }),
    }),
  ];
}
