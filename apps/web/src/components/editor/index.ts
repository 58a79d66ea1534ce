export { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from "./RichTextEditor.tsx";
export type { MentionAttrs, MentionCandidate, MentionView } from "./mention.ts";
export type { ImageUpload } from "./image.ts";
export { IMAGE_TYPES } from "./image.ts";
export { documentHtml } from "./serialize.ts";
