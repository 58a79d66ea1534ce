export { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from "./RichTextEditor.tsx";
export { documentHtml, IMAGE_TYPES, type ImageUpload, type MentionAttrs, type MentionCandidate, type MentionView } from "@stride/shared/editor";
