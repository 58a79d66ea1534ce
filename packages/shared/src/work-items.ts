/** Task statuses of a work item (work-tracking.md §3; platform.md §4 execution task statuses). */
export const TASK_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Relation types and their inverse (work-tracking.md §4: blocked_by ↔ blocking; relates_to, duplicate symmetric). */
export const RELATION_INVERSE = {
  blocked_by: "blocking",
  blocking: "blocked_by",
  relates_to: "relates_to",
  duplicate: "duplicate",
  start_before: "start_after",
  start_after: "start_before",
  finish_before: "finish_after",
  finish_after: "finish_before",
} as const;
export type RelationType = keyof typeof RELATION_INVERSE;

/** Every relation type the API stores (work-tracking.md §4), in display order. */
export const RELATION_TYPES = [
  "blocked_by",
  "blocking",
  "relates_to",
  "duplicate",
  "start_before",
  "start_after",
  "finish_before",
  "finish_after",
] as const satisfies readonly RelationType[];
/** The relations between work items as such (the other four order dates on the timeline). */
export const ITEM_RELATION_TYPES = [
  "blocked_by",
  "blocking",
  "relates_to",
  "duplicate",
] as const satisfies readonly RelationType[];
export type ItemRelationType = (typeof ITEM_RELATION_TYPES)[number];
// every relation type is listed (a type error otherwise)
const _everyRelationListed: Record<Exclude<RelationType, (typeof RELATION_TYPES)[number]>, never> = {};
void _everyRelationListed;

/**
 * The work-item fields the app edits in place through PATCH (cycle and modules have their own calls): a client
 * copies these keys from an optimistic patch of a presented item into the PATCH body. Declared here, without
 * zod, so the web reads it from `@stride/shared`; the contract re-exports it and checks that each is a field of both
 * the PATCH body and the detail.
 */
export const WORK_ITEM_PATCH_FIELDS = [
  "name",
  "description_html",
  "state_id",
  "parent_id",
  "label_ids",
  "assignee_ids",
  "priority",
  "start_date",
  "target_date",
  "estimate_point",
  "sort_order",
  "type_id",
  "cycle_id",
  "property_values",
] as const;

/** Asset entity types (platform.md §3, wire-facts §10). */
export const ASSET_ENTITY_TYPES = [
  "ISSUE_ATTACHMENT",
  "ISSUE_DESCRIPTION",
  "COMMENT_DESCRIPTION",
  "PAGE_DESCRIPTION",
  "USER_COVER",
  "USER_AVATAR",
  "WORKSPACE_LOGO",
  "PROJECT_COVER",
  "DRAFT_ISSUE_ATTACHMENT",
  "DRAFT_ISSUE_DESCRIPTION",
] as const;
export type AssetEntityType = (typeof ASSET_ENTITY_TYPES)[number];

/** Uploads other than attachments accept only these images (wire-facts §10). */
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/jpg", "image/gif"] as const;

/** Attachment types: images, pdf, office and open documents, text, audio, video, archives (wire-facts §6.5). */
export const ATTACHMENT_MIME_TYPES = [
  // images
  "image/jpeg",
  "image/jpg",
  "image/png",
  "image/gif",
  "image/svg+xml",
  "image/webp",
  "image/tiff",
  "image/bmp",
  // documents
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  "application/vnd.oasis.opendocument.graphics",
  "application/rtf",
  // text
  "text/plain",
  "text/csv",
  "text/markdown",
  "text/rtf",
  "text/html",
  "text/css",
  "text/xml",
  "application/json",
  "application/xml",
  // audio
  "audio/mpeg",
  "audio/wav",
  "audio/ogg",
  "audio/midi",
  "audio/x-midi",
  "audio/aac",
  "audio/flac",
  "audio/x-m4a",
  "audio/webm",
  // video
  "video/mp4",
  "video/mpeg",
  "video/ogg",
  "video/webm",
  "video/quicktime",
  "video/x-msvideo",
  "video/x-ms-wmv",
  // archives
  "application/zip",
  "application/x-zip-compressed",
  "application/x-rar-compressed",
  "application/vnd.rar",
  "application/x-tar",
  "application/gzip",
  "application/x-gzip",
  "application/x-7z-compressed",
] as const;

/**
 * An attachment's type from its file name, for a client that sends none (Plane's client sends `""` for a file whose
 * bytes have no signature, a plain text file, a CSV): the extension's type when it is an allowed attachment type;
 * source and configuration files are text. Null when the name says nothing allowed (an executable, no extension).
 */
export function attachmentTypeFromName(name: string): string | null {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(name.trim())?.[1]?.toLowerCase() ?? "";
  return ATTACHMENT_TYPE_BY_EXTENSION[ext] ?? (TEXT_EXTENSIONS.has(ext) ? "text/plain" : null);
}

const ATTACHMENT_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  odg: "application/vnd.oasis.opendocument.graphics",
  rtf: "application/rtf",
  txt: "text/plain",
  text: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
  markdown: "text/markdown",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  xml: "application/xml",
  json: "application/json",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  mid: "audio/midi",
  midi: "audio/midi",
  aac: "audio/aac",
  flac: "audio/flac",
  m4a: "audio/x-m4a",
  weba: "audio/webm",
  mp4: "video/mp4",
  mpeg: "video/mpeg",
  mpg: "video/mpeg",
  ogv: "video/ogg",
  webm: "video/webm",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  wmv: "video/x-ms-wmv",
  zip: "application/zip",
  rar: "application/vnd.rar",
  tar: "application/x-tar",
  gz: "application/gzip",
  tgz: "application/gzip",
  "7z": "application/x-7z-compressed",
};
/** Plain-text files people attach: logs, configuration, source code. Served as text, never run. */
const TEXT_EXTENSIONS = new Set([
  "log",
  "ini",
  "cfg",
  "conf",
  "toml",
  "yaml",
  "yml",
  "env",
  "properties",
  "sql",
  "diff",
  "patch",
  "tsv",
  "srt",
  "vtt",
  "js",
  "mjs",
  "cjs",
  "ts",
  "tsx",
  "jsx",
  "py",
  "rb",
  "go",
  "rs",
  "java",
  "kt",
  "c",
  "h",
  "cpp",
  "hpp",
  "cs",
  "php",
  "swift",
  "scala",
  "sh",
  "ps1",
  "lua",
  "r",
]);

/** True when `type` (a Content-Type, parameters ignored) may be uploaded for `entityType`. */
export function isAllowedUploadType(entityType: string, type: string): boolean {
  const t = type.split(";")[0].trim().toLowerCase();
  if (entityType === "ISSUE_ATTACHMENT" || entityType === "DRAFT_ISSUE_ATTACHMENT")
    return (ATTACHMENT_MIME_TYPES as readonly string[]).includes(t);
  return (IMAGE_MIME_TYPES as readonly string[]).includes(t);
}
