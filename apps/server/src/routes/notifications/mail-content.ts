import type { ProjectUpdateNotificationData } from "@stride/shared/contract";
import { escapeHtml, type MailMessage } from "../../core/mail.ts";

/** One unread notification as the digest mail shows it. */
export interface MailItem {
  /** `PROJ-12`. */
  key: string;
  title: string;
  actor: string;
  /** The notification's sender reason (`assigned`, `mentioned`, …) and activity field. */
  reason: string;
  field: string | null;
  verb: string | null;
  /** Plain text of the change (the activity's words, or the comment's or description's text). */
  text: string;
  workspaceSlug: string;
  workspaceName: string;
  /** The page to open, under the workspace (default: the work item, `browse/{key}/`). */
  path?: string;
}

/** At most this many characters of a comment or description are quoted in a mail. */
export const MAIL_EXCERPT_MAX = 280;

const excerpt = (s: string) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > MAIL_EXCERPT_MAX ? `${t.slice(0, MAIL_EXCERPT_MAX - 1)}…` : t;
};

/** A project update (or a comment on one) as the digest shows it: the project, its status, the words. */
export function projectUpdateMailItem(
  d: ProjectUpdateNotificationData,
  o: { actor: string; text: string; workspaceSlug: string; workspaceName: string },
): MailItem {
  const u = d.project_update;
  return {
    key: u.project_identifier,
    title: `${u.project_name} update`,
    actor: o.actor,
    reason: u.kind === "comment" ? "author" : "member",
    field: u.kind === "comment" ? "project_update_comment" : "project_update",
    verb: "created",
    text: o.text,
    workspaceSlug: o.workspaceSlug,
    workspaceName: o.workspaceName,
    path: `projects/${u.project_id}/updates/`,
  };
}

/** What happened, in words: "Ada mentioned you: …", "Ada commented: …", "Ada updated the priority to high". */
export function describe(i: MailItem): string {
  if (i.field === "project_update") return `${i.actor} posted a project update${i.text ? `: ${excerpt(i.text)}` : ""}`;
  if (i.field === "project_update_comment") return `${i.actor} commented on your project update: ${excerpt(i.text)}`;
  if (i.reason === "mentioned") return `${i.actor} mentioned you: ${excerpt(i.text)}`;
  if (i.field === "comment") return `${i.actor} commented: ${excerpt(i.text)}`;
  if (i.verb === "created" && i.field === null) return `${i.actor} created it and assigned you`;
  return `${i.actor} ${excerpt(i.text)}`;
}

/**
 * The one mail that carries a person's unread notifications (batched by the `notifications:mail` job). Links go
 * to `base` (WEB_URL) when the instance knows its public address; otherwise the mail names the items' keys only.
 */
export function notificationMail(to: string, items: readonly MailItem[], base: string | null): MailMessage {
  const link = (i: MailItem) => (base ? `${base}/${i.workspaceSlug}/${i.path ?? `browse/${i.key}/`}` : null);
  const first = items[0];
  const subject =
    items.length === 1
      ? `[${first.workspaceName}] ${first.key} ${first.title}`
      : `[${first.workspaceName}] ${items.length} updates on your work items`;
  const text =
    items.map((i) => [`${i.key} ${i.title}`, describe(i), link(i)].filter(Boolean).join("\n")).join("\n\n") +
    "\n\nYou get these mails for items you follow; change what you receive in your profile's notification settings.";
  const html =
    items
      .map((i) => {
        const href = link(i);
        const head = `${escapeHtml(i.key)} ${escapeHtml(i.title)}`;
        return `<p><strong>${href ? `<a href="${escapeHtml(href)}">${head}</a>` : head}</strong><br>${escapeHtml(describe(i))}</p>`;
      })
      .join("") +
    "<p>You get these mails for items you follow; change what you receive in your profile's notification settings.</p>";
  return { to, subject, text, html };
}
