import { describe, expect, it } from "vitest";
import {
  deriveIdentifier,
  filterProjects,
  identifierError,
  projectFormErrors,
  sortProjects,
  type SortableProject,
} from "./project-list.ts";

const p = (id: string, o: Partial<SortableProject>): SortableProject => ({
  id,
  name: id,
  sort_order: null,
  created_at: "2024-01-01T00:00:00Z",
  members: [],
  member_role: 15,
  archived_at: null,
  identifier: id.toUpperCase(),
  ...o,
});
const A = p("alpha", { sort_order: 30, created_at: "2024-01-03T00:00:00Z", members: ["1"] });
const B = p("Beta", { sort_order: 10, created_at: "2024-01-01T00:00:00Z", members: ["1", "2", "3"] });
const C = p("gamma", { sort_order: null, created_at: "2024-01-02T00:00:00Z", members: ["1", "2"], member_role: null });
const D = p("delta", { archived_at: "2024-02-01T00:00:00Z" });
const ids = (xs: SortableProject[]) => xs.map((x) => x.id);

describe("sortProjects", () => {
  it("sorts manually by sort_order, unjoined last", () =>
    expect(ids(sortProjects([A, B, C], "sort_order"))).toEqual(["Beta", "alpha", "gamma"]));
  it("sorts by name case-insensitively and descending", () => {
    expect(ids(sortProjects([C, B, A], "name"))).toEqual(["alpha", "Beta", "gamma"]);
    expect(ids(sortProjects([C, B, A], "-name"))).toEqual(["gamma", "Beta", "alpha"]);
  });
  it("sorts by created_at", () => {
    expect(ids(sortProjects([A, B, C], "created_at"))).toEqual(["Beta", "gamma", "alpha"]);
    expect(ids(sortProjects([A, B, C], "-created_at"))).toEqual(["alpha", "gamma", "Beta"]);
  });
  it("sorts by number of members", () => {
    expect(ids(sortProjects([A, B, C], "members_length"))).toEqual(["alpha", "gamma", "Beta"]);
    expect(ids(sortProjects([A, B, C], "-members_length"))).toEqual(["Beta", "gamma", "alpha"]);
  });
});

describe("filterProjects", () => {
  const all = [A, B, C, D];
  it("hides archived projects unless the archived filter is on", () => {
    expect(ids(filterProjects(all, { myProjects: false, archived: false, search: "" }))).toEqual([
      "alpha",
      "Beta",
      "gamma",
    ]);
    expect(ids(filterProjects(all, { myProjects: false, archived: true, search: "" }))).toEqual(["delta"]);
  });
  it("my projects hides projects without a role", () => {
    expect(ids(filterProjects(all, { myProjects: true, archived: false, search: "" }))).toEqual(["alpha", "Beta"]);
  });
  it("searches name and identifier", () => {
    expect(ids(filterProjects(all, { myProjects: false, archived: false, search: "ALP" }))).toEqual(["alpha"]);
    expect(ids(filterProjects(all, { myProjects: false, archived: false, search: "beta" }))).toEqual(["Beta"]);
  });
});

describe("identifiers", () => {
  it("derives from the name", () => {
    expect(deriveIdentifier("Mobile app v2")).toBe("MOBIL");
    expect(deriveIdentifier("é-x 1")).toBe("EX1");
    expect(deriveIdentifier("")).toBe("");
  });
  it("validates", () => {
    expect(identifierError("WEB")).toBeUndefined();
    expect(identifierError("")).toBe("Identifier is required.");
    expect(identifierError("ABCDEFGHIJKLM")).toBe("At most 12 characters.");
    expect(identifierError("ab")).toBe("Only upper-case letters and digits.");
    expect(identifierError("API")).toBe("This identifier is reserved.");
  });
});

describe("projectFormErrors", () => {
  it("names each invalid field, and nothing once the fields are valid", () => {
    expect(projectFormErrors({ name: " ", identifier: "", cover_image: "ftp://x" })).toEqual({
      name: "Name is required.",
      identifier: "Identifier is required.",
      cover_image: "Enter an http(s) image URL.",
    });
    expect(projectFormErrors({ name: "Rocket", identifier: "ROCKE", cover_image: "" })).toEqual({});
    expect(
      projectFormErrors({ name: "Rocket", identifier: "ROCKE", cover_image: "/api/project-covers/aurora.svg" }),
    ).toEqual({});
    expect(
      projectFormErrors({ name: "Rocket", identifier: "ROCKE", cover_image: "//evil.test/a.png" }).cover_image,
    ).toBe("Enter an http(s) image URL.");
    expect(projectFormErrors({ name: "Rocket", identifier: "API", cover_image: "https://x.test/a.png" })).toEqual({
      identifier: "This identifier is reserved.",
    });
  });
});
