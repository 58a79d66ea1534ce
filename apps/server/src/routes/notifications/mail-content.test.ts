import { describe as group, expect, it } from "vitest";
import { describe, MAIL_EXCERPT_MAX, notificationMail, projectUpdateMailItem, type MailItem } from "./mail-content.ts";

const item = (over: Partial<MailItem> = {}): MailItem => ({
  key: "WEB-7",
  title: "Fix <login>",
  actor: "Ada",
  reason: "assigned",
  field: "priority",
  verb: "updated",
  text: "updated the priority to high",
  workspaceSlug: "acme",
  workspaceName: "Acme",
  ...over,
});

group("notification mail", () => {
  it("names one item in the subject and links it under the public address", () => {
    const m = notificationMail("bo@example.com", [item()], "https://stride.example.com");
    expect(m.to).toBe("bo@example.com");
    expect(m.subject).toBe("[Acme] WEB-7 Fix <login>");
    expect(m.text).toContain("Ada updated the priority to high");
    expect(m.text).toContain("https://stride.example.com/acme/browse/WEB-7/");
    // the HTML escapes what people wrote
    expect(m.html).toContain("Fix &lt;login&gt;");
    expect(m.html).not.toContain("<login>");
  });

  it("batches several items into one mail, without links when the address is unknown", () => {
    const m = notificationMail(
      "bo@example.com",
      [item(), item({ key: "WEB-8", reason: "mentioned", field: "comment", text: "can you look?" })],
      null,
    );
    expect(m.subject).toBe("[Acme] 2 updates on your work items");
    expect(m.text).toContain("Ada mentioned you: can you look?");
    expect(m.text).not.toContain("http");
  });

  it("quotes a long comment only in part", () => {
    const long = "word ".repeat(200);
    const d = describe(item({ field: "comment", reason: "subscribed", text: long }));
    expect(d.startsWith("Ada commented: word")).toBe(true);
    expect(d.length).toBeLessThanOrEqual("Ada commented: ".length + MAIL_EXCERPT_MAX);
    expect(d.endsWith("…")).toBe(true);
  });

  it("tells of a project update and a comment on one, linking the project's updates", () => {
    const data = (kind: "update" | "comment") => ({
      project_update: {
        id: "u1",
        key: kind === "comment" ? "c1" : "u1",
        kind,
        status: "AT-RISK" as const,
        project_id: "p1",
        project_name: "Web",
        project_identifier: "WEB",
        comment_id: kind === "comment" ? "c1" : null,
      },
    });
    const ctx = { actor: "Ada", text: "The vendor is late", workspaceSlug: "acme", workspaceName: "Acme" };
    const m = notificationMail(
      "bo@example.com",
      [projectUpdateMailItem(data("update"), ctx)],
      "https://stride.example.com",
    );
    expect(m.subject).toBe("[Acme] WEB Web update");
    expect(m.text).toContain("Ada posted a project update: The vendor is late");
    expect(m.text).toContain("https://stride.example.com/acme/projects/p1/updates/");
    expect(describe(projectUpdateMailItem(data("comment"), { ...ctx, text: "Can we help?" }))).toBe(
      "Ada commented on your project update: Can we help?",
    );
  });
});
