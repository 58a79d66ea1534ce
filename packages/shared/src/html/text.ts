/**
 * Plain text as HTML, the one way for the whole app (server and web): intake form submissions, imported
 * descriptions and comments (Jira, GitHub), agents' comments, mails.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Plain text as editor HTML: paragraphs at blank lines, single line breaks kept as `<br>`, everything escaped
 * (markup such as Markdown or Jira wiki is kept as written, not half-converted). Windows and old Mac line ends
 * count as line breaks; leading and trailing blank lines and a paragraph's outer spaces are dropped. No text at
 * all is one empty paragraph, what the editor holds when empty.
 */
export function textToHtml(text: string | null | undefined): string {
  const paragraphs = (text ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\s+|\s+$/g, ""))
    .filter((p) => p !== "");
  if (!paragraphs.length) return "<p></p>";
  return paragraphs
    .map(
      (p) =>
        `<p>${p
          .split("\n")
          .map((line) => escapeHtml(line.trimEnd()))
          .join("<br>")}</p>`,
    )
    .join("");
}
