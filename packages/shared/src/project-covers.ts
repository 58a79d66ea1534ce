/**
 * A cover image URL: absolute http(s), or a path on our own origin (stock covers, static assets). Anything else
 * (`javascript:`, `data:`, protocol-relative `//host`, backslashes, whitespace) is refused.
 */
export function isCoverImageUrl(value: string): boolean {
  if (value === "") return true;
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}
