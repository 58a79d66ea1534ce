import { describe, expect, it } from "vitest";
import { pageIssueIds, pageRights, type PageRights, type PageSubject } from "./pages.ts";

const OWNER = "owner";
const page = (p: Partial<PageSubject> = {}): PageSubject => ({
  owned_by: OWNER,
  access: 0,
  is_locked: false,
  archived_at: null,
  ...p,
});
const rights = (p: PageSubject, userId: string, projectRole: number | null) => pageRights(p, { userId, projectRole });
const granted = (r: PageRights) => (Object.keys(r) as (keyof PageRights)[]).filter((k) => r[k]).sort();

const ALL = [
  "access",
  "archive",
  "changeAccess",
  "contentEditable",
  "delete",
  "duplicate",
  "edit",
  "favorite",
  "lock",
  "move",
];

describe("pageRights (platform.md §6)", () => {
  it("a public page: members edit, duplicate and favourite; the owner or an admin administers; guests read", () => {
    expect(granted(rights(page(), "adm", 20))).toEqual(ALL);
    expect(granted(rights(page(), "mem", 15))).toEqual(["access", "contentEditable", "duplicate", "edit", "favorite"]);
    expect(granted(rights(page(), "gst", 5))).toEqual(["access"]);
    expect(granted(rights(page(), OWNER, 15))).toEqual(ALL);
    expect(granted(rights(page(), "out", null))).toEqual([]);
  });
  it("a private page is its owner's alone, admins included", () => {
    const p = page({ access: 1 });
    expect(granted(rights(p, "adm", 20))).toEqual([]);
    expect(granted(rights(p, "mem", 15))).toEqual([]);
    expect(granted(rights(p, OWNER, 15))).toEqual(ALL);
    // a private page's owner edits it whatever their role; duplicate and favourite still need a member
    expect(granted(rights(p, OWNER, 5))).toEqual([
      "access",
      "archive",
      "changeAccess",
      "contentEditable",
      "delete",
      "edit",
      "lock",
      "move",
    ]);
  });
  it("a public page owned by someone now a guest: they administer it and write its content, but its properties need a member", () => {
    expect(rights(page(), OWNER, 5)).toMatchObject({
      access: true,
      edit: false,
      contentEditable: true,
      lock: true,
      archive: true,
    });
  });
  it("content is editable only when neither locked nor archived", () => {
    expect(rights(page({ is_locked: true }), OWNER, 20)).toMatchObject({
      edit: true,
      contentEditable: false,
      lock: true,
    });
    expect(rights(page({ archived_at: "2026-01-01" }), "mem", 15)).toMatchObject({
      edit: true,
      contentEditable: false,
    });
  });
});

describe("pageIssueIds", () => {
  it("lists the work items a page mentions, once each, and nothing else", () => {
    const a = "0b5e4a9e-1c1d-4f6b-9d7e-3a2b1c0d9e8f";
    const html =
      `<p><mention-component entity_name="issue" entity_identifier="${a}" label="X-1"></mention-component>` +
      `<mention-component entity_name="user_mention" entity_identifier="11111111-1111-4111-8111-111111111111"></mention-component>` +
      `<mention-component entity_identifier="${a.toUpperCase()}" entity_name="issue"></mention-component></p>`;
    expect(pageIssueIds(html)).toEqual([a]);
    expect(pageIssueIds(null)).toEqual([]);
  });

  it("counts work items embedded in the page", () => {
    const b = "2c5e4a9e-1c1d-4f6b-9d7e-3a2b1c0d9e8f";
    const html = `<issue-embed-component id="x1" entity_identifier="${b}" project_identifier="p1" workspace_identifier="acme" entity_name="issue"></issue-embed-component>`;
    expect(pageIssueIds(html)).toEqual([b]);
  });
});
