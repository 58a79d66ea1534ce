import { fileTypeFromBuffer } from "file-type";
import { ATTACHMENT_MIME_TYPES, IMAGE_MIME_TYPES } from "@stride/shared";

/**
 * What an uploaded file is, and how it may be served. The declared type is fixed when the upload slot is made
 * (`normalizeMime`), the received bytes must match it (`checkContent`), and every header built from stored
 * values goes through here (`normalizeMime` again on the way out, `contentDisposition` for the file name).
 */

// RFC 9110 token characters, lower-cased.
const TOKEN = "[a-z0-9!#$%&'*+.^_`|~-]+";
const MIME = new RegExp(`^(${TOKEN})/(${TOKEN})$`);

/**
 * The essence (`type/subtype`, lower-case, parameters dropped) of a Content-Type, or null when it is not one
 * (control characters such as CR/LF, spaces inside, missing subtype, over-long).
 */
export function normalizeMime(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 255) return null;
  // Nothing outside visible ASCII and the space/tab of parameter lists may appear anywhere.
  if (/[^\x20-\x7e\t]/.test(value)) return null;
  const essence = value.split(";")[0].trim().toLowerCase();
  return MIME.test(essence) ? essence : null;
}

/**
 * Signatures (file-type's `ext` names) each binary type may be detected as. A declared type not listed here
 * and not in TEXT_TYPES has no rule, so it is refused (see the unit test: every allowed type has a rule).
 */
const ZIP_FAMILY = [
  "zip",
  "docx",
  "xlsx",
  "pptx",
  "docm",
  "xlsm",
  "pptm",
  "dotx",
  "xltx",
  "potx",
  "dotm",
  "xltm",
  "potm",
  "ppsx",
  "ppsm",
  "odt",
  "ods",
  "odp",
  "odg",
  "ott",
  "ots",
  "otp",
  "otg",
  "epub",
  "jar",
  "apk",
  "xpi",
  "3mf",
  "vsdx",
];
const SIGNATURES: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg"],
  "image/jpg": ["jpg"],
  "image/png": ["png", "apng"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/tiff": ["tif"],
  "image/bmp": ["bmp"],
  "application/pdf": ["pdf"],
  // legacy Office files are OLE compound files
  "application/msword": ["cfb"],
  "application/vnd.ms-excel": ["cfb"],
  "application/vnd.ms-powerpoint": ["cfb"],
  // OOXML and ODF are zip files; file-type names them when it can read the entries, else "zip"
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx", "zip"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx", "zip"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx", "zip"],
  "application/vnd.oasis.opendocument.text": ["odt", "ott", "zip"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods", "ots", "zip"],
  "application/vnd.oasis.opendocument.presentation": ["odp", "otp", "zip"],
  "application/vnd.oasis.opendocument.graphics": ["odg", "otg", "zip"],
  "application/rtf": ["rtf"],
  "text/rtf": ["rtf"],
  "audio/mpeg": ["mp3", "mp2", "mp1"],
  "audio/wav": ["wav"],
  "audio/ogg": ["ogg", "oga", "opus", "spx", "ogx"],
  "audio/midi": ["mid"],
  "audio/x-midi": ["mid"],
  "audio/aac": ["aac"],
  "audio/flac": ["flac"],
  "audio/x-m4a": ["m4a", "m4b", "m4p", "mp4"],
  "audio/webm": ["webm"],
  "video/mp4": ["mp4", "m4v", "m4p", "m4a", "f4v"],
  "video/mpeg": ["mpg"],
  "video/ogg": ["ogv", "ogg", "ogm", "ogx"],
  "video/webm": ["webm"],
  "video/quicktime": ["mov", "mp4", "m4v"],
  "video/x-msvideo": ["avi"],
  "video/x-ms-wmv": ["asf"],
  "application/zip": ZIP_FAMILY,
  "application/x-zip-compressed": ZIP_FAMILY,
  "application/x-rar-compressed": ["rar"],
  "application/vnd.rar": ["rar"],
  "application/x-tar": ["tar"],
  "application/gzip": ["gz", "tar.gz"],
  "application/x-gzip": ["gz", "tar.gz"],
  "application/x-7z-compressed": ["7z"],
};

/**
 * Text types have no magic number: their bytes must decode to text without the control bytes that never occur
 * in text (which every binary format, images and archives included, carries in its header).
 */
const TEXT_TYPES = new Set([
  "text/plain",
  "text/csv",
  "text/markdown",
  "text/html",
  "text/css",
  "text/xml",
  "application/xml",
  "application/json",
  "image/svg+xml",
]);

/** Text served inline from our origin: must not be something a browser could take for markup. */
const INLINE_TEXT = new Set(["text/plain"]);

/** True when every type an upload may declare has a content rule (checked by the unit test). */
export function hasContentRule(type: string): boolean {
  return type in SIGNATURES || TEXT_TYPES.has(type);
}
export const DECLARABLE_TYPES: readonly string[] = [
  ...new Set<string>([...ATTACHMENT_MIME_TYPES, ...IMAGE_MIME_TYPES]),
];

// WHATWG MIME sniffing: bytes that never occur in text.
const BINARY_CHAR = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/;
// WHATWG "text/html" sniffing patterns, plus XML and SVG roots: what a browser may render as a document.
const MARKUP_START =
  /^<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|\?xml|svg|math|object|embed|img|meta|link|base|form|frameset|frame)(?=[\s/>])/i;

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  // UTF-8 (BOM dropped); other 8-bit encodings (e.g. Windows-1252 CSV) keep their control bytes as they are.
  return new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
}

export type ContentVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Do the bytes match the declared type (already normalized)? Binary types by their magic numbers (file-type);
 * text types must be text, and text shown inline must not look like HTML, XML or SVG (browsers never sniff it,
 * we send nosniff, but a file that would be a page elsewhere is not plain text).
 */
export async function checkContent(type: string, bytes: Uint8Array): Promise<ContentVerdict> {
  const signatures = SIGNATURES[type];
  if (signatures) {
    const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
    if (detected && signatures.includes(detected.ext)) return { ok: true };
    return { ok: false, reason: detected ? `it is ${detected.mime}` : "its signature is missing" };
  }
  if (!TEXT_TYPES.has(type)) return { ok: false, reason: "this type cannot be checked" };
  const text = decodeText(bytes);
  if (BINARY_CHAR.test(text)) return { ok: false, reason: "it is not text" };
  if (INLINE_TEXT.has(type) && MARKUP_START.test(text.trimStart()))
    return { ok: false, reason: "it looks like HTML, XML or SVG" };
  return { ok: true };
}

/**
 * A Content-Disposition header for a stored file name: a printable-ASCII fallback in `filename` and the exact
 * name RFC 8187-encoded in `filename*`, so no stored character (quotes, CR/LF, non-ASCII) reaches the header raw.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "file";
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*!]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
