/**
 * The rich-text schema, shared by the web's editor and the server's collaboration document (Yjs ↔ stored HTML and
 * JSON): one list of Tiptap extensions, so both sides read and write the same nodes and marks. Imported as
 * `@stride/shared/editor` only (the main entry stays free of Tiptap).
 */
export * from "./extensions.ts";
export * from "./image.ts";
export * from "./mention.ts";
export * from "./embed.ts";
export * from "./serialize.ts";
export * from "./suggest.ts";
