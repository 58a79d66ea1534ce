import { describe, expect, it } from "vitest";
import type { Label } from "../api/types.ts";
import { filterOptions } from "../components/ui/floating/options.ts";
import { labelRows } from "./label-tree.ts";

const lb = (id: string, sort_order: number, parent: string | null = null, name = id): Label => ({
  id,
  name,
  parent,
  sort_order,
  color: "#000000",
  project_id: "p",
  workspace_id: "w",
});

// Area (Frontend (Forms), Backend), Bug, Docs — given out of order, as the API lists them
const labels = [
  lb("fe", 1, "area", "Frontend"),
  lb("bug", 20, null, "Bug"),
  lb("forms", 1, "fe", "Forms"),
  lb("area", 10, null, "Area"),
  lb("be", 2, "area", "Backend"),
  lb("docs", 30, null, "Docs"),
];
const options = () =>
  labelRows(labels).map((r) => ({
    value: r.label.id,
    label: r.label.name,
    depth: r.depth,
    path: r.path.join(" / ") || undefined,
  }));

describe("label picker rows", () => {
  it("list each parent followed by its children, one level deeper, siblings by sort order", () => {
    expect(labelRows(labels).map((r) => `${"  ".repeat(r.depth)}${r.label.name}`)).toEqual([
      "Area",
      "  Frontend",
      "    Forms",
      "  Backend",
      "Bug",
      "Docs",
    ]);
  });
  it("name each row's ancestors, outermost first", () => {
    expect(Object.fromEntries(labelRows(labels).map((r) => [r.label.id, r.path.join(" / ")]))).toEqual({
      area: "",
      fe: "Area",
      forms: "Area / Frontend",
      be: "Area",
      bug: "",
      docs: "",
    });
  });
  it("show a label whose parent is missing at the top level", () => {
    expect(labelRows([lb("orphan", 1, "gone", "Orphan")]).map((r) => [r.label.name, r.depth, r.path])).toEqual([
      ["Orphan", 0, []],
    ]);
  });
});

describe("searching a tree of options", () => {
  it("keeps the ancestors of a match, so a child is still found under its parent", () => {
    expect(filterOptions(options(), "form").map((o) => o.label)).toEqual(["Area", "Frontend", "Forms"]);
    expect(filterOptions(options(), "BACK").map((o) => o.label)).toEqual(["Area", "Backend"]);
  });
  it("keeps a matching parent without its children, and top-level matches alone", () => {
    expect(filterOptions(options(), "area").map((o) => o.label)).toEqual(["Area"]);
    expect(filterOptions(options(), "o").map((o) => o.label)).toEqual(["Area", "Frontend", "Forms", "Docs"]);
  });
  it("leaves a flat list filtered as before, and everything without a query", () => {
    const flat = [
      { value: "a", label: "Alpha" },
      { value: "b", label: "Beta", keywords: "second" },
    ];
    expect(filterOptions(flat, "sec").map((o) => o.value)).toEqual(["b"]);
    expect(filterOptions(options(), "  ")).toHaveLength(6);
  });
});
