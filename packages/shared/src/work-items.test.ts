import { describe, expect, it } from "vitest";
import { isAllowedUploadType, RELATION_INVERSE, TASK_STATUSES } from "./work-items.ts";

describe("upload types", () => {
  it("allows documents only as attachments", () => {
    expect(isAllowedUploadType("ISSUE_ATTACHMENT", "application/pdf")).toBe(true);
    expect(isAllowedUploadType("ISSUE_DESCRIPTION", "application/pdf")).toBe(false);
    expect(isAllowedUploadType("DRAFT_ISSUE_ATTACHMENT", "text/plain; charset=utf-8")).toBe(true);
  });
  it("allows the five image types everywhere and nothing executable", () => {
    for (const t of ["image/jpeg", "image/png", "image/webp", "image/jpg", "image/gif"]) {
      expect(isAllowedUploadType("USER_AVATAR", t)).toBe(true);
      expect(isAllowedUploadType("ISSUE_ATTACHMENT", t)).toBe(true);
    }
    expect(isAllowedUploadType("USER_AVATAR", "image/svg+xml")).toBe(false);
    expect(isAllowedUploadType("ISSUE_ATTACHMENT", "application/x-msdownload")).toBe(false);
    expect(isAllowedUploadType("ISSUE_ATTACHMENT", "")).toBe(false);
  });
});

describe("relations and tasks", () => {
  it("pairs every relation with its inverse", () => {
    for (const [t, inv] of Object.entries(RELATION_INVERSE))
      expect(RELATION_INVERSE[inv as keyof typeof RELATION_INVERSE]).toBe(t);
    expect(RELATION_INVERSE.relates_to).toBe("relates_to");
    expect(RELATION_INVERSE.blocked_by).toBe("blocking");
  });
  it("knows in_progress", () => {
    expect(TASK_STATUSES).toContain("in_progress");
  });
});
