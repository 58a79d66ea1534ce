import { Node, type Editor } from "@tiptap/core";
import type { EditorView } from "@tiptap/pm/view";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { IMAGE_NODE, uuid } from "./serialize.ts";

/** Upload of one image: resolves with what `src` stores (an asset id, or a URL). */
export type ImageUpload = (file: File, onProgress: (percent: number) => void) => Promise<string>;

export interface ImageOptions {
  upload: ImageUpload | null;
  /** `src` as stored (asset id or URL) → what the browser loads */
  url: (src: string) => string;
  onError: (message: string) => void;
  /** uploads in progress changed (count) */
  onUploads: (count: number) => void;
}

/** Image types the assets flow accepts for descriptions and comments. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

const progress = new Map<string, { percent: number; listeners: Set<(p: number) => void> }>();

const attr = (name: string, html = name) => ({
  default: null,
  parseHTML: (el: HTMLElement) => el.getAttribute(html),
  renderHTML: (attrs: Record<string, unknown>) =>
    attrs[name] != null && attrs[name] !== "" ? { [html]: String(attrs[name]) } : {},
});

const SAFE_SRC = /^(https?:\/\/|\/api\/assets\/)/i;

/**
 * Images, stored as Plane's `<image-component src="{asset id}" …>` (a block atom); pasted or dropped
 * image files are inserted at once with a progress bar and uploaded through `upload`; while uploading the
 * node has no `src` and is left out of the stored HTML (serialize.ts).
 */
export const Image = Node.create<ImageOptions>({
  name: IMAGE_NODE,
  group: "block",
  atom: true,
  draggable: true,

  addOptions() {
    return { upload: null, url: (s) => s, onError: () => undefined, onUploads: () => undefined };
  },

  addAttributes() {
    return {
      src: attr("src"),
      id: attr("id"),
      width: attr("width"),
      height: attr("height"),
      aspectRatio: attr("aspectRatio", "aspectratio"),
      alignment: attr("alignment"),
      status: attr("status"),
    };
  },

  parseHTML() {
    return [
      { tag: "image-component" },
      // a plain image (pasted HTML, older content) becomes one when its address is one the allowlist keeps
      {
        tag: "img[src]",
        getAttrs: (el) =>
          SAFE_SRC.test(el.getAttribute("src") ?? "") ? { src: el.getAttribute("src"), status: "uploaded" } : false,
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ["image-component", HTMLAttributes];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement("div");
      dom.className = "editor-image";
      if (node.attrs.alignment) dom.setAttribute("data-align", node.attrs.alignment);
      const img = document.createElement("img");
      img.alt = "";
      img.draggable = false;
      if (node.attrs.width && /^\d+(\.\d+)?(px|%)$/.test(node.attrs.width)) img.style.width = node.attrs.width;
      let bar: HTMLElement | null = null;
      let unsubscribe = () => {};
      const entry = node.attrs.id ? progress.get(node.attrs.id) : undefined;
      if (node.attrs.src) img.src = this.options.url(node.attrs.src);
      else if (!entry) {
        // an image whose upload never finished (or whose address was refused): nothing to show
        dom.classList.add("editor-image-missing");
        dom.setAttribute("aria-label", "Image not available");
      } else {
        // uploading: the local file is shown over a progress bar
        dom.classList.add("editor-image-uploading");
        const local = node.attrs.id ? previews.get(node.attrs.id) : undefined;
        if (local) img.src = local;
        bar = document.createElement("div");
        bar.className = "editor-image-progress";
        bar.setAttribute("role", "progressbar");
        bar.setAttribute("aria-label", "Uploading image");
        bar.setAttribute("aria-valuemin", "0");
        bar.setAttribute("aria-valuemax", "100");
        const fill = bar.appendChild(document.createElement("div"));
        const set = (p: number) => {
          bar!.setAttribute("aria-valuenow", String(p));
          fill.style.width = `${p}%`;
        };
        set(entry.percent);
        entry.listeners.add(set);
        unsubscribe = () => entry.listeners.delete(set);
      }
      if (img.src) dom.append(img);
      if (bar) dom.append(bar);
      return { dom, destroy: () => unsubscribe() };
    };
  },

  addStorage() {
    return { insertFiles: null } as ImageStorage;
  },

  addProseMirrorPlugins() {
    const options = this.options;
    const editor = this.editor;
    if (!options.upload) return [];
    (this.storage as ImageStorage).insertFiles = (files) => start(editor.view, files, null);
    let active = 0;
    const start = (view: EditorView, files: File[], pos: number | null) => {
      const upload = options.upload!;
      let at = pos ?? view.state.selection.to;
      for (const file of files) {
        if (!IMAGE_TYPES.includes(file.type)) {
          options.onError(
            `${file.name || "This file"} is not an image that can be placed here (JPEG, PNG, WebP or GIF).`,
          );
          continue;
        }
        const id = uuid();
        const entry = { percent: 0, listeners: new Set<(p: number) => void>() };
        progress.set(id, entry);
        previews.set(id, URL.createObjectURL(file));
        const node = view.state.schema.nodes[IMAGE_NODE].create({ id, status: "uploading" });
        const tr = view.state.tr.insert(Math.min(at, view.state.doc.content.size), node);
        at = tr.mapping.map(at);
        view.dispatch(tr);
        options.onUploads(++active);
        const finish = () => {
          progress.delete(id);
          URL.revokeObjectURL(previews.get(id) ?? "");
          previews.delete(id);
          options.onUploads(--active);
        };
        upload(file, (p) => {
          entry.percent = p;
          for (const l of entry.listeners) l(p);
        })
          .then((src) => {
            if (editor.isDestroyed) return finish();
            const found = findImage(view, id);
            finish();
            if (found !== null)
              view.dispatch(
                view.state.tr.setNodeMarkup(found, undefined, {
                  ...view.state.doc.nodeAt(found)!.attrs,
                  src,
                  status: "uploaded",
                }),
              );
          })
          .catch((e: unknown) => {
            finish();
            if (editor.isDestroyed) return;
            const found = findImage(view, id);
            if (found !== null) view.dispatch(view.state.tr.delete(found, found + 1));
            options.onError(e instanceof Error ? e.message : "The image could not be uploaded.");
          });
      }
    };
    return [imageUploadPlugin(start)];
  },
});

const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith("image/"));

/** Pasted and dropped images go to `start` (at the drop point, or the selection). */
function imageUploadPlugin(start: (view: EditorView, files: File[], pos: number | null) => void): Plugin {
  return new Plugin({
    key: new PluginKey("image-upload"),
    props: {
      handlePaste: (view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!files.length) return false;
        event.preventDefault();
        start(view, files, null);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (!files.length) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        start(view, files, at ? at.pos : null);
        return true;
      },
    },
  });
}

interface ImageStorage {
  insertFiles: ((files: File[]) => void) | null;
}

const previews = new Map<string, string>();

function findImage(view: EditorView, id: string): number | null {
  let found: number | null = null;
  view.state.doc.descendants((n, pos) => {
    if (found !== null) return false;
    if (n.type.name === IMAGE_NODE && n.attrs.id === id) found = pos;
    return true;
  });
  return found;
}

/** Ask for image files (slash menu "Image") and upload them into the document at the selection. */
export function pickImages(editor: Editor) {
  const insert = (editor.storage as unknown as Record<string, ImageStorage>)[IMAGE_NODE]?.insertFiles;
  if (!insert) return;
  const input = document.createElement("input");
  input.type = "file";
  input.accept = IMAGE_TYPES.join(",");
  input.multiple = true;
  input.onchange = () => insert([...(input.files ?? [])]);
  input.click();
}
