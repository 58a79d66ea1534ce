/**
 * What kind of file an attachment is, from its MIME type (as the server fixed it for the slot) and, when
 * the type says little (`application/octet-stream`), its extension. Images the browser draws get a
 * thumbnail; every other kind an icon.
 */
export type FileKind =
  | "image"
  | "pdf"
  | "text"
  | "document"
  | "spreadsheet"
  | "presentation"
  | "archive"
  | "video"
  | "audio"
  | "code"
  | "file";

/** Image types an `<img>` shows (the thumbnail loads the image itself through its signed link). */
const THUMBNAIL_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/svg+xml",
]);

const BY_EXTENSION: Record<string, FileKind> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  avif: "image",
  bmp: "image",
  svg: "image",
  pdf: "pdf",
  txt: "text",
  md: "text",
  rtf: "text",
  log: "text",
  doc: "document",
  docx: "document",
  odt: "document",
  pages: "document",
  xls: "spreadsheet",
  xlsx: "spreadsheet",
  ods: "spreadsheet",
  csv: "spreadsheet",
  tsv: "spreadsheet",
  numbers: "spreadsheet",
  ppt: "presentation",
  pptx: "presentation",
  odp: "presentation",
  key: "presentation",
  zip: "archive",
  gz: "archive",
  tgz: "archive",
  tar: "archive",
  "7z": "archive",
  rar: "archive",
  bz2: "archive",
  xz: "archive",
  mp4: "video",
  mov: "video",
  webm: "video",
  mkv: "video",
  avi: "video",
  mp3: "audio",
  wav: "audio",
  ogg: "audio",
  flac: "audio",
  m4a: "audio",
  json: "code",
  js: "code",
  ts: "code",
  tsx: "code",
  jsx: "code",
  html: "code",
  css: "code",
  xml: "code",
  yaml: "code",
  yml: "code",
  py: "code",
  sh: "code",
  sql: "code",
};

export function fileKind(type: string | null | undefined, name: string | null | undefined): FileKind {
  const t = (type ?? "").toLowerCase().split(";")[0].trim();
  const ext = (name ?? "").toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  if (THUMBNAIL_TYPES.has(t)) return "image";
  if (t === "application/pdf") return "pdf";
  if (t.startsWith("video/")) return "video";
  if (t.startsWith("audio/")) return "audio";
  if (/(zip|x-tar|gzip|x-7z|x-rar|x-bzip|x-xz)/.test(t)) return "archive";
  if (/(spreadsheet|ms-excel|text\/csv|tab-separated)/.test(t)) return "spreadsheet";
  if (/(presentation|ms-powerpoint)/.test(t)) return "presentation";
  if (/(wordprocessing|msword|opendocument\.text|rtf)/.test(t)) return "document";
  if (/(json|javascript|typescript|text\/html|text\/css|xml|yaml|x-sh|sql)/.test(t)) return "code";
  if (t.startsWith("text/")) return BY_EXTENSION[ext] === "code" ? "code" : "text";
  // an image type the browser may not draw (HEIC, TIFF …) is still a picture, shown as an icon
  if (t.startsWith("image/")) return "file";
  const byExt = BY_EXTENSION[ext];
  return byExt && (byExt !== "image" || !t || t === "application/octet-stream") ? byExt : "file";
}

/** Whether an attachment of this kind is drawn as a thumbnail. */
export const hasThumbnail = (kind: FileKind) => kind === "image";
