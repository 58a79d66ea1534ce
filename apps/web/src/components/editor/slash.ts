import { Extension, type Editor, type Range } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import { Suggestion } from "@tiptap/suggestion";
import {
  Heading1,
  Heading2,
  Heading3,
  Image,
  List,
  ListOrdered,
  ListTodo,
  Minus,
  Pilcrow,
  Quote,
  SquareCode,
  SquareKanban,
  Table,
} from "lucide-react";
import { pickImages, WORK_ITEM_EMBED_TRIGGER, type SuggestItem, type SuggestStore } from "@stride/shared/editor";

interface SlashCommand extends SuggestItem {
  /** other words it is found by */
  terms: string;
  run: (editor: Editor, range: Range) => void;
  available?: (editor: Editor) => boolean;
}

const block = (editor: Editor, range: Range) => editor.chain().focus().deleteRange(range);

/** The blocks the slash menu inserts, in the order listed. */
export const SLASH_COMMANDS: SlashCommand[] = [
  {
    key: "text",
    label: "Text",
    icon: Pilcrow,
    terms: "paragraph plain",
    run: (e, r) => block(e, r).setParagraph().run(),
  },
  {
    key: "h1",
    label: "Heading 1",
    icon: Heading1,
    hint: "#",
    terms: "title big",
    run: (e, r) => block(e, r).setHeading({ level: 1 }).run(),
  },
  {
    key: "h2",
    label: "Heading 2",
    icon: Heading2,
    hint: "##",
    terms: "subtitle medium",
    run: (e, r) => block(e, r).setHeading({ level: 2 }).run(),
  },
  {
    key: "h3",
    label: "Heading 3",
    icon: Heading3,
    hint: "###",
    terms: "small",
    run: (e, r) => block(e, r).setHeading({ level: 3 }).run(),
  },
  {
    key: "bullet",
    label: "Bulleted list",
    icon: List,
    hint: "-",
    terms: "unordered ul",
    run: (e, r) => block(e, r).toggleBulletList().run(),
  },
  {
    key: "ordered",
    label: "Numbered list",
    icon: ListOrdered,
    hint: "1.",
    terms: "ordered ol",
    run: (e, r) => block(e, r).toggleOrderedList().run(),
  },
  {
    key: "task",
    label: "Task list",
    icon: ListTodo,
    hint: "[]",
    terms: "todo checkbox checklist",
    run: (e, r) => block(e, r).toggleTaskList().run(),
  },
  {
    key: "quote",
    label: "Quote",
    icon: Quote,
    hint: ">",
    terms: "blockquote citation",
    run: (e, r) => block(e, r).setBlockquote().run(),
  },
  {
    key: "code",
    label: "Code block",
    icon: SquareCode,
    hint: "```",
    terms: "snippet pre",
    run: (e, r) => block(e, r).setCodeBlock().run(),
  },
  {
    key: "divider",
    label: "Divider",
    icon: Minus,
    hint: "---",
    terms: "rule horizontal hr separator",
    run: (e, r) => block(e, r).setHorizontalRule().run(),
  },
  {
    key: "table",
    label: "Table",
    icon: Table,
    terms: "grid rows columns",
    run: (e, r) => block(e, r).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: "image",
    label: "Image",
    icon: Image,
    terms: "picture photo upload",
    available: (e) => !!(e.storage as unknown as Record<string, { insertFiles?: unknown }>).imageComponent?.insertFiles,
    run: (e, r) => {
      block(e, r).run();
      pickImages(e);
    },
  },
  {
    key: "work-item",
    label: "Work item",
    icon: SquareKanban,
    hint: WORK_ITEM_EMBED_TRIGGER,
    terms: "embed issue card task",
    // where the host offers work items to embed (pages): types the trigger that opens their list
    available: (e) => !!e.extensionManager.extensions.find((x) => x.name === "workItemEmbed")?.options.search,
    run: (e, r) => block(e, r).insertContent(WORK_ITEM_EMBED_TRIGGER).run(),
  },
];

/** Commands whose label or terms match what was typed after "/". */
export function slashItems(editor: Editor, query: string): SlashCommand[] {
  const q = query.trim().toLowerCase();
  return SLASH_COMMANDS.filter(
    (c) => (!c.available || c.available(editor)) && (!q || `${c.label} ${c.terms}`.toLowerCase().includes(q)),
  );
}

/** "/" at the start of a line or after a space opens the list of blocks. */
export const SlashCommands = Extension.create<{ store: SuggestStore | null }>({
  name: "slashCommands",
  addOptions() {
    return { store: null };
  },
  addProseMirrorPlugins() {
    const store = this.options.store;
    if (!store) return [];
    return [
      Suggestion<SuggestItem, SuggestItem>({
        pluginKey: new PluginKey("slash-suggest"),
        editor: this.editor,
        char: "/",
        allowedPrefixes: [" ", "\u00a0"],
        // not inside code, where "/" is just text
        allow: ({ state }) => !state.selection.$from.parent.type.spec.code,
        items: ({ query, editor }) => slashItems(editor, query),
        command: ({ editor, range, props }) => (props as SlashCommand).run(editor, range),
        render: store.renderer("slash"),
      }),
    ];
  },
});
