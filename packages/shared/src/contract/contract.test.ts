import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addProjectMembersBody,
  bulkCreateLabelsBody,
  bulkOperationBody,
  commentBodies,
  createInvitationsBody,
  createLabelBody,
  createStateBody,
  draftBodies,
  fieldErrors,
  htmlText,
  ITEM_RELATION_TYPES,
  projectBodies,
  RELATION_TYPES,
  updateMeBody,
  updateProfileBody,
  updateWorkspaceMemberBody,
  uploadSlotBody,
  workItemBodies,
  WORK_ITEM_PATCH_FIELDS,
  type HtmlField,
} from "./index.ts";
import { RELATION_INVERSE } from "../work-items.ts";

/** Parse like the API: the data, or the DRF error body the server would answer with. */
function parse<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; data: T } | { ok: false; errors: Record<string, string[]> } {
  const r = schema.safeParse(body);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors(r.error) };
}
const errorsOf = (schema: z.ZodType, body: unknown) => {
  const r = parse(schema, body);
  if (r.ok) throw new Error("expected the body to be refused");
  return r.errors;
};

const items = workItemBodies(htmlText);
const UUID = "6f9619ff-8b86-4d11-b42d-00c04fc964ff";
const UUID2 = "0b3f9c4e-2d8a-4f6e-9c1b-7a5d3e2f1a0b";

describe("work-item bodies", () => {
  it("parse the body Plane's create modal sends, unset pickers as empty strings", () => {
    const body = {
      project_id: UUID,
      type_id: "",
      name: "  Ship the contract  ",
      description_html: "<p>Why</p>",
      estimate_point: "",
      state_id: UUID,
      parent_id: "",
      priority: "high",
      assignee_ids: [UUID2],
      label_ids: [],
      cycle_id: "",
      module_ids: [],
      start_date: "2026-01-31",
      target_date: null,
    };
    const r = parse(items.create, body);
    expect(r).toEqual({
      ok: true,
      data: {
        name: "Ship the contract",
        description_html: "<p>Why</p>",
        type_id: null,
        estimate_point: null,
        state_id: UUID,
        parent_id: null,
        priority: "high",
        assignee_ids: [UUID2],
        label_ids: [],
        module_ids: [],
        start_date: "2026-01-31",
        target_date: null,
        cycle_id: null,
      },
    });
  });

  it("parse a PATCH with Plane's flag forms", () => {
    expect(parse(items.patch, { skip_activity: "True", state_id: "" })).toEqual({
      ok: true,
      data: { skip_activity: true, state_id: null },
    });
    expect(parse(items.patch, { skip_activity: "0" })).toEqual({ ok: true, data: { skip_activity: false } });
    expect(parse(items.patch, { skip_activity: null })).toEqual({ ok: true, data: { skip_activity: false } });
  });

  it("refuse bad bodies with the API's field errors", () => {
    expect(errorsOf(items.create, {})).toEqual({ name: ["This field is required."] });
    expect(errorsOf(items.create, { name: 42 })).toEqual({ name: ["Not a valid string."] });
    expect(errorsOf(items.create, { name: " " })).toEqual({ name: ["This field may not be blank."] });
    expect(errorsOf(items.create, { name: "x".repeat(256) })).toEqual({
      name: ["Ensure this field has no more than 255 characters."],
    });
    expect(errorsOf(items.create, { name: "x", state_id: "not-a-uuid" })).toEqual({
      state_id: ["Must be a valid UUID."],
    });
    expect(errorsOf(items.create, { name: "x", priority: "whenever" })).toEqual({
      priority: ['"whenever" is not a valid choice.'],
    });
    expect(errorsOf(items.create, { name: "x", start_date: "2026-02-30" })).toEqual({
      start_date: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
    });
    expect(errorsOf(items.create, { name: "x", description_html: 5 })).toEqual({
      description_html: ["Not a valid string."],
    });
    expect(errorsOf(items.create, { name: null })).toEqual({ name: ["This field may not be null."] });
    expect(errorsOf(items.patch, { skip_activity: "maybe" })).toEqual({ skip_activity: ["Must be a valid boolean."] });
    expect(errorsOf(bulkOperationBody, { issue_ids: [], properties: [] })).toEqual({
      issue_ids: ["Issue IDs are required"],
      properties: ["Expected a dictionary of items."],
    });
  });

  it("list the PATCH fields a client copies from an item, all accepted by the PATCH body", () => {
    const keys = Object.keys(items.patch.shape);
    for (const f of WORK_ITEM_PATCH_FIELDS) expect(keys).toContain(f);
  });

  it("name every relation type the domain knows; the item relations are four of them", () => {
    expect([...RELATION_TYPES].sort()).toEqual(Object.keys(RELATION_INVERSE).sort());
    expect(ITEM_RELATION_TYPES).toEqual(["blocked_by", "blocking", "relates_to", "duplicate"]);
  });
});

describe("HTML fields come from the caller", () => {
  /** An HtmlField that marks what it parsed, standing in for the server's sanitiser. */
  const marked: HtmlField = (max) =>
    z
      .string()
      .max(max)
      .transform((s) => `sanitised:${s}`);

  it("every rich-text field of every body goes through the HtmlField passed in", () => {
    const html = "<p>x</p>";
    const { create, patch } = workItemBodies(marked);
    expect(create.parse({ name: "n", description_html: html }).description_html).toBe(`sanitised:${html}`);
    expect(patch.parse({ description_html: html }).description_html).toBe(`sanitised:${html}`);
    const drafts = draftBodies(marked);
    expect(drafts.draft.parse({ description_html: html }).description_html).toBe(`sanitised:${html}`);
    expect(drafts.toIssue.parse({ description_html: html }).description_html).toBe(`sanitised:${html}`);
    const comments = commentBodies(marked);
    expect(comments.create.parse({ comment_html: html }).comment_html).toBe(`sanitised:${html}`);
    expect(comments.patch.parse({ comment_html: html }).comment_html).toBe(`sanitised:${html}`);
    const projects = projectBodies(marked);
    expect(projects.create.parse({ name: "P", identifier: "p", description_html: html }).description_html).toBe(
      `sanitised:${html}`,
    );
    expect(projects.update.parse({ description_html: html }).description_html).toBe(`sanitised:${html}`);
  });

  it("no body built with the marker has an *_html field left unmarked", () => {
    const shapes = [
      workItemBodies(marked).create,
      workItemBodies(marked).patch,
      draftBodies(marked).draft,
      draftBodies(marked).toIssue,
      commentBodies(marked).create,
      commentBodies(marked).patch,
      projectBodies(marked).create,
      projectBodies(marked).update,
    ];
    for (const s of shapes) {
      for (const key of Object.keys(s.shape).filter((k) => k.endsWith("_html"))) {
        const field = (s.shape as Record<string, z.ZodType>)[key];
        expect(field.safeParse("<i>y</i>")).toMatchObject({ success: true, data: "sanitised:<i>y</i>" });
      }
    }
  });

  it("htmlText, the client's field, checks type and length only", () => {
    expect(htmlText(10).safeParse("<p>ok</p>")).toMatchObject({ success: true, data: "<p>ok</p>" });
    expect(errorsOf(z.object({ h: htmlText(3) }), { h: "<p>long</p>" })).toEqual({
      h: ["Ensure this field has no more than 3 characters."],
    });
  });
});

describe("resource bodies keep the API's messages", () => {
  it("states, labels and project members", () => {
    expect(errorsOf(createStateBody, { name: 5, color: "red", sequence: "x" })).toEqual({
      name: ["Not a valid string."],
      color: ["Enter a valid hex colour, e.g. #60646C."],
      sequence: ["A valid number is required."],
    });
    expect(errorsOf(createStateBody, { name: "S", color: "#fff", group: "triage" })).toEqual({
      group: ['"triage" is not a valid choice.'],
    });
    expect(errorsOf(createLabelBody, { name: "", sort_order: null })).toEqual({
      name: ["This field may not be blank."],
      sort_order: ["This field may not be null."],
    });
    expect(errorsOf(bulkCreateLabelsBody, { label_data: [] })).toEqual({ label_data: ["This list may not be empty."] });
    expect(errorsOf(addProjectMembersBody, { members: [{ member_id: "x", role: 7 }] })).toEqual({
      "members.0.member_id": ["Must be a valid UUID."],
      "members.0.role": ['"7" is not a valid choice.'],
    });
  });

  it("projects: an identifier is upper-cased; a bad cover URL, flag or JSON object is refused", () => {
    const { create } = projectBodies(htmlText);
    expect(create.parse({ name: "Web", identifier: " web " })).toEqual({ name: "Web", identifier: "WEB" });
    expect(
      errorsOf(create, {
        name: "W",
        identifier: "W",
        cover_image: "javascript:alert(1)",
        cycle_view: "yes",
        logo_props: [],
      }),
    ).toEqual({
      cover_image: ["Enter a valid URL."],
      cycle_view: ["Must be a valid boolean."],
      logo_props: ["Expected a dictionary of items."],
    });
  });

  it("people: profile settings, timezones, roles, invitations and uploads", () => {
    expect(errorsOf(updateMeBody, { last_name: 5, user_timezone: "Mars/Base" })).toEqual({
      last_name: ["Not a valid string."],
      user_timezone: ["Not a valid timezone."],
    });
    expect(
      errorsOf(updateProfileBody, { theme: [], onboarding_step: { profile_complete: "y" }, start_of_the_week: 9 }),
    ).toEqual({
      theme: ["Expected a JSON object."],
      "onboarding_step.profile_complete": ["Must be a valid boolean."],
      start_of_the_week: ["Must be between 0 (Sunday) and 6 (Saturday)."],
    });
    expect(errorsOf(updateWorkspaceMemberBody, {})).toEqual({ role: ["A valid integer is required."] });
    expect(errorsOf(updateWorkspaceMemberBody, { role: "admin" })).toEqual({ role: ["A valid integer is required."] });
    expect(updateWorkspaceMemberBody.parse({ role: "15" })).toEqual({ role: 15 });
    expect(errorsOf(createInvitationsBody, { emails: "a@b.c" })).toEqual({
      emails: ["Expected a list of {email, role}."],
    });
    expect(errorsOf(uploadSlotBody, { name: "a\u0007b", type: "text/plain", size: "big" })).toEqual({
      name: ["File names may not contain control characters."],
      size: ["A valid integer is required."],
    });
  });
});
