export { type RichTextEditorHandle, type RichTextEditorProps } from "./RichTextEditor.tsx";
export { type MentionAttrs, type MentionCandidate, type MentionView } from "@stride/shared/editor";
