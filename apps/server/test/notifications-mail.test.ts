import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { NOTIFICATION_MAIL_TASK, mailNotifications } from "../src/routes/notifications/mail.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";
import { WEB, configure, setupInstance, smtpSettings, startSmtpCapture, type SmtpCapture } from "./auth-helpers.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let smtp: SmtpCapture;
let root: Awaited<ReturnType<typeof setupInstance>>;

beforeAll(async () => {
  t = await startTestServer({ notificationMailDelayMs: 0 });
  root = await setupInstance(t);
  smtp = await startSmtpCapture();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const mention = (id: string) =>
  `<p>look <mention-component entity_identifier="${id}" entity_name="user_mention"></mention-component></p>`;

describe("notification mail", () => {
  it("sends nothing while SMTP is not configured, and never mails those notifications late", async () => {
    const item = await createItem(ws, pr);
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { assignee_ids: [ws.member.userId] });
    await t.app.jobs.drain();
    const rows = await t.db.db.select().from(schema.notifications).where(eq(schema.notifications.issueId, item.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].emailedAt).toBeNull();
    expect(mailsTo(ws.member.email!)).toEqual([]);
  });

  it("batches a person's new notifications into one mail with links, and never mails the actor", async () => {
    await configure(root.admin, smtpSettings(smtp.port));
    // the first test's notification stays unmailed until now: mark it read so it is not part of this mail
    await ws.member.post(`/api/workspaces/${ws.slug}/users/notifications/mark-all-read/`, {});
    const before = mailsTo(ws.member.email!).length;
    const a = await createItem(ws, pr, { name: "Checkout <fails>" });
    const b = await createItem(ws, pr, { name: "Slow search" });
    await ws.admin.patch(`${pr.base}/issues/${a.id}/`, { assignee_ids: [ws.member.userId] });
    await ws.admin.post(`${pr.base}/issues/${b.id}/comments/`, { comment_html: mention(ws.member.userId!) });
    await t.app.jobs.drain();
    const got = mailsTo(ws.member.email!).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`[${ws.slug.toUpperCase()}] 2 updates on your work items`);
    expect(got[0].body).toContain(`${pr.identifier}-${a.sequence_id} Checkout <fails>`);
    expect(got[0].body).toContain(`${WEB}/${ws.slug}/browse/${pr.identifier}-${b.sequence_id}/`);
    expect(got[0].body).toMatch(/mentioned you: look/);
    // the actor made both changes and gets no mail about them
    expect(mailsTo(ws.admin.email!)).toEqual([]);
    // both notifications are marked mailed, so the next run sends nothing again
    const rows = await t.db.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.receiverId, ws.member.userId!));
    expect(rows.filter((r) => r.issueId === a.id || r.issueId === b.id).every((r) => r.emailedAt !== null)).toBe(true);
    expect(await mailNotifications(t.app, ws.member.userId!)).toBe(0);
  });

  it("waits before mailing, and a notification read in the meantime is not mailed", async () => {
    t.app.config.notificationMailDelayMs = 60_000;
    try {
      const item = await createItem(ws, pr);
      await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { assignee_ids: [ws.member.userId] });
      const before = mailsTo(ws.member.email!).length;
      await t.app.jobs.drain();
      // the mail job waits for more notifications to batch; one job per receiver
      const waiting = (await t.app.jobs.list(t.db.db, NOTIFICATION_MAIL_TASK)).filter(
        (j) => j.key === `notification-mail:${ws.member.userId}`,
      );
      expect(waiting).toHaveLength(1);
      expect(waiting[0].runAt.getTime()).toBeGreaterThan(Date.now());
      expect(mailsTo(ws.member.email!).length).toBe(before);
      // read in the app before the mail goes: nothing to mail
      await ws.member.post(`/api/workspaces/${ws.slug}/users/notifications/mark-all-read/`, {});
      expect(await mailNotifications(t.app, ws.member.userId!)).toBe(0);
    } finally {
      t.app.config.notificationMailDelayMs = 0;
    }
  });
});
