import { Node, mergeAttributes } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import { Suggestion } from "@tiptap/suggestion";
import { uuid } from "./serialize.ts";
import type { SuggestItem, SuggestStore } from "./suggest.ts";

/** The attributes of a stored mention (`<mention-component>`, Plane's form). */
export interface MentionAttrs {
  id?: string | null;
  entity_identifier: string;
  /** "user_mention" for people, "issue" for work items (entity-search's query types) */
  entity_name: string;
  /** the name at the time of mentioning, shown when the entity cannot be looked up */
  label?: string | null;
}

/** A person or work item offered in the @ list. */
export interface MentionCandidate extends SuggestItem {
  attrs: MentionAttrs;
}

/** How a mention chip reads and where it leads. */
export interface MentionView {
  text: string;
  href?: string | null;
}

export interface MentionOptions {
  store: SuggestStore | null;
  search: ((query: string) => Promise<MentionCandidate[]>) | null;
  /** the chip of a mention (looked up each time chips are drawn; see `refreshMentions`) */
  view: { current: (attrs: MentionAttrs) => MentionView };
}

export const MENTION_NODE = "mention";
const key = new PluginKey("mention-suggest");

/** A node attribute stored as the HTML attribute of the same name (left out when empty). */
export const plainAttr = (name: string) => ({
  default: null,
  parseHTML: (el: HTMLElement) => el.getAttribute(name),
  renderHTML: (attrs: Record<string, unknown>) => (attrs[name] ? { [name]: attrs[name] } : {}),
});
const attr = (name: keyof MentionAttrs) => plainAttr(name);

/** Chips of every editor, so a new lookup (members loaded) can redraw their text. */
const chips = new Map<HTMLElement, { attrs: MentionAttrs; options: MentionOptions }>();

function draw(dom: HTMLElement, attrs: MentionAttrs, options: MentionOptions) {
  const v = options.view.current(attrs);
  dom.textContent = attrs.entity_name === "user_mention" ? `@${v.text}` : v.text;
  if (v.href && dom instanceof HTMLAnchorElement) dom.href = v.href;
}

/** Redraw the chips (names changed, e.g. the member list arrived). */
export function refreshMentions() {
  for (const [dom, c] of chips) draw(dom, c.attrs, c.options);
}

/**
 * Mentions of people and work items: an inline atom stored as Plane's
 * `<mention-component id entity_identifier entity_name label>` and drawn as an inline chip; typing "@"
 * opens the list (people first, then work items) through the Suggestion plugin.
 */
export const Mention = Node.create<MentionOptions>({
  name: MENTION_NODE,
  group: "inline",
  inline: true,
  atom: true,
  selectable: false,

  addOptions() {
    return {
      store: null,
      search: null,
      view: { current: (a) => ({ text: a.label ?? (a.entity_name === "user_mention" ? "user" : "work item") }) },
    };
  },

  addAttributes() {
    return {
      id: attr("id"),
      entity_identifier: attr("entity_identifier"),
      entity_name: attr("entity_name"),
      label: attr("label"),
    };
  },

  parseHTML() {
    return [
      { tag: "mention-component" },
      // Tiptap's stock mention, which the server also reads
      {
        tag: 'span[data-type="mention"][data-id]',
        getAttrs: (el) => ({
          entity_identifier: el.getAttribute("data-id"),
          entity_name: "user_mention",
          label: el.getAttribute("data-label"),
        }),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ["mention-component", mergeAttributes(HTMLAttributes)];
  },

  renderText({ node }) {
    const a = node.attrs as MentionAttrs;
    const v = this.options.view.current(a);
    return a.entity_name === "user_mention" ? `@${v.text}` : v.text;
  },

  addNodeView() {
    return ({ node, editor }) => {
      const attrs = node.attrs as MentionAttrs;
      const link = !editor.isEditable && !!this.options.view.current(attrs).href;
      const dom = document.createElement(link ? "a" : "span");
      dom.className = "mention";
      dom.setAttribute("data-mention", attrs.entity_name === "user_mention" ? "user" : "work-item");
      draw(dom, attrs, this.options);
      chips.set(dom, { attrs, options: this.options });
      return { dom, destroy: () => void chips.delete(dom) };
    };
  },

  addProseMirrorPlugins() {
    const { store, search } = this.options;
    if (!store || !search) return [];
    return [
      Suggestion<SuggestItem, SuggestItem>({
        pluginKey: key,
        editor: this.editor,
        char: "@",
        allowedPrefixes: [" ", "(", "\u00a0"],
        debounce: 120,
        items: ({ query }) => search(query),
        command: ({ editor, range, props }) => {
          const c = props as MentionCandidate;
          // a space after the chip, unless one follows already
          const after = editor.view.state.selection.$to.nodeAfter;
          const space = !after?.text?.startsWith(" ");
          editor
            .chain()
            .focus()
            .insertContentAt(range, [
              { type: MENTION_NODE, attrs: { ...c.attrs, id: uuid() } },
              ...(space ? [{ type: "text", text: " " }] : []),
            ])
            .run();
        },
        render: store.renderer("mention"),
      }),
    ];
  },
});
