import * as Y from "yjs";
import { getSchema } from "@tiptap/core";
import { DOMParser as PMDOMParser, type Node as PMNode, type Schema } from "@tiptap/pm/model";
import { prosemirrorToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import { Window } from "happy-dom";
import { EMPTY_HTML } from "@stride/shared";
import { documentHtml, editorExtensions } from "@stride/shared/editor";
import { sanitizeHtml } from "../core/sanitize.ts";
import { stripHtml } from "../domain/text.ts";

/**
 * A page's content as the collaboration server holds it: a Yjs document whose XML fragment `default` (Tiptap's
 * Collaboration field) mirrors the editor's ProseMirror document, in the schema of the web's editor
 * (`@stride/shared/editor`). From it come the stored forms — the Yjs state, the editor's JSON, and the HTML
 * (written by the editor's own serialiser in an inert DOM, then sanitised with the one allowlist) — and into it
 * goes stored HTML when a page has no Yjs state yet.
 */
export const COLLAB_FIELD = "default";

let cached: Schema | null = null;
/** The editor's schema (built once: the same extension list as the web's editor). */
export function pageSchema(): Schema {
  cached ??= getSchema(editorExtensions());
  return cached;
}

let dom: Window | null = null;
/** An inert DOM (no scripts, no loading) for parsing and serialising HTML. */
function inertDocument(): Document {
  dom ??= new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      disableComputedStyleRendering: true,
      navigation: {
        disableMainFrameNavigation: true,
        disableChildFrameNavigation: true,
        disableChildPageNavigation: true,
        disableFallbackToSetURL: true,
      },
    },
  });
  return dom.document as unknown as Document;
}

/** Stored HTML (already sanitised) as a ProseMirror document of the editor's schema. */
export function htmlToNode(html: string): PMNode {
  const host = inertDocument().createElement("div");
  host.innerHTML = html || EMPTY_HTML;
  return PMDOMParser.fromSchema(pageSchema()).parse(host);
}

/** The document held in a Yjs state, as a ProseMirror node (an empty document for an empty state). */
export function docToNode(doc: Y.Doc): PMNode {
  return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(COLLAB_FIELD), pageSchema());
}

/** A Yjs document from a stored state. */
export function docFromState(state: Uint8Array | null | undefined): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  if (state && state.length) Y.applyUpdate(doc, state);
  return doc;
}

/**
 * Make the document's fragment hold `node` (a diff of the top-level blocks: blocks that did not change keep their
 * Yjs items, so concurrent edits elsewhere survive). Runs in one transaction with `origin`.
 */
export function replaceContent(doc: Y.Doc, node: PMNode, origin: unknown): void {
  doc.transact(() => {
    prosemirrorToYXmlFragment(node, doc.getXmlFragment(COLLAB_FIELD));
  }, origin);
}

export interface StoredContent {
  descriptionBinary: Buffer;
  descriptionHtml: string;
  descriptionStripped: string;
  descriptionJson: Record<string, unknown>;
}

/** The three stored forms of a Yjs document, kept in step (HTML sanitised with the one allowlist). */
export function storedContent(doc: Y.Doc): StoredContent {
  const node = docToNode(doc);
  const html = sanitizeHtml(documentHtml(node, pageSchema(), inertDocument()));
  return {
    descriptionBinary: Buffer.from(Y.encodeStateAsUpdate(doc)),
    descriptionHtml: html,
    descriptionStripped: stripHtml(html),
    descriptionJson: node.toJSON() as Record<string, unknown>,
  };
}
