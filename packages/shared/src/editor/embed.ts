import { Node, mergeAttributes } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import { Suggestion } from "@tiptap/suggestion";
import { uuid } from "./serialize.ts";
import type { SuggestItem, SuggestStore } from "./suggest.ts";
import { plainAttr } from "./mention.ts";

/** The attributes of an embedded work item (`<issue-embed-component>`, Plane's page-editor form). */
export interface WorkItemEmbedAttrs {
  id?: string | null;
  /** the work item's id */
  entity_identifier: string;
  /** its project's id */
  project_identifier?: string | null;
  /** the workspace's slug */
  workspace_identifier?: string | null;
  entity_name: "issue";
}

/** A work item offered in the embed list. */
export interface WorkItemEmbedCandidate extends SuggestItem {
  attrs: WorkItemEmbedAttrs;
}

/** What the card of an embedded work item shows (null: it cannot be read, e.g. deleted or no access). */
export interface WorkItemEmbedView {
  key: string;
  name: string;
  state?: string | null;
  href?: string | null;
}

export interface WorkItemEmbedOptions {
  store: SuggestStore | null;
  search: ((query: string) => Promise<WorkItemEmbedCandidate[]>) | null;
  /** the card's content, looked up by the host (the work item by id) */
  view: ((attrs: WorkItemEmbedAttrs) => Promise<WorkItemEmbedView | null>) | null;
}

export const WORK_ITEM_EMBED_NODE = "workItemEmbed";
/** Typing this opens the list of work items to embed (the slash menu's "Work item" types it too). */
export const WORK_ITEM_EMBED_TRIGGER = "[[";
const key = new PluginKey("work-item-embed-suggest");

const attr = (name: keyof WorkItemEmbedAttrs) => plainAttr(name);

function draw(dom: HTMLElement, view: WorkItemEmbedView | null, attrs: WorkItemEmbedAttrs) {
  dom.replaceChildren();
  const link = document.createElement(view?.href ? "a" : "span");
  if (view?.href && link instanceof HTMLAnchorElement) link.href = view.href;
  const keyEl = document.createElement("span");
  keyEl.className = "work-item-embed-key";
  keyEl.textContent = view?.key ?? "";
  link.append(keyEl, " ", view ? view.name : attrs.entity_identifier ? "Work item not available" : "Work item");
  dom.append(link);
  if (view?.state) {
    const state = document.createElement("span");
    state.className = "work-item-embed-state";
    state.textContent = view.state;
    dom.append(state);
  }
}

/**
 * A work item shown as a card in the text (pages): a block atom stored as Plane's
 * `<issue-embed-component entity_identifier project_identifier workspace_identifier entity_name="issue">`, drawn
 * from the item as it is now (the host's `view`); typing "[[" (or the slash menu's "Work item") opens the list of
 * work items to embed.
 */
export const WorkItemEmbed = Node.create<WorkItemEmbedOptions>({
  name: WORK_ITEM_EMBED_NODE,
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,

  addOptions() {
    return { store: null, search: null, view: null };
  },

  addAttributes() {
    return {
      id: attr("id"),
      entity_identifier: attr("entity_identifier"),
      project_identifier: attr("project_identifier"),
      workspace_identifier: attr("workspace_identifier"),
      entity_name: { default: "issue", parseHTML: () => "issue", renderHTML: () => ({ entity_name: "issue" }) },
    };
  },

  parseHTML() {
    return [{ tag: "issue-embed-component" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["issue-embed-component", mergeAttributes(HTMLAttributes)];
  },

  renderText({ node }) {
    return `[work item ${String(node.attrs.entity_identifier ?? "")}]`;
  },

  addNodeView() {
    return ({ node }) => {
      const attrs = node.attrs as WorkItemEmbedAttrs;
      const dom = document.createElement("div");
      dom.className = "work-item-embed";
      dom.contentEditable = "false";
      dom.setAttribute("data-work-item-embed", attrs.entity_identifier ?? "");
      draw(dom, null, attrs);
      let alive = true;
      void this.options.view?.(attrs).then(
        (v) => {
          if (alive) draw(dom, v, attrs);
        },
        () => {
          if (alive) draw(dom, null, attrs);
        },
      );
      return {
        dom,
        destroy: () => {
          alive = false;
        },
      };
    };
  },

  addProseMirrorPlugins() {
    const { store, search } = this.options;
    if (!store || !search) return [];
    return [
      Suggestion<SuggestItem, SuggestItem>({
        pluginKey: key,
        editor: this.editor,
        char: WORK_ITEM_EMBED_TRIGGER,
        allowSpaces: true,
        allowedPrefixes: null,
        allow: ({ state }) => !state.selection.$from.parent.type.spec.code,
        debounce: 120,
        items: ({ query }) => search(query),
        command: ({ editor, range, props }) => {
          const c = props as WorkItemEmbedCandidate;
          editor
            .chain()
            .focus()
            .insertContentAt(range, { type: WORK_ITEM_EMBED_NODE, attrs: { ...c.attrs, id: uuid() } })
            .run();
        },
        render: store.renderer("mention"),
      }),
    ];
  },
});
