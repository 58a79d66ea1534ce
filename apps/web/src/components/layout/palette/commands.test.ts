import { describe, expect, it } from "vitest";
import type { WorkItemTarget } from "../../../lib/command-target.ts";
import { baseCommands, itemCommands, matches } from "./commands.ts";

const base = { slug: "acme", target: null, recents: [], canCreate: true };
const none = { project: false, cycle: false, module: false, view: false, page: false };

describe("the palette's create commands", () => {
  it("offers Create page in a project where the caller may create pages, opening the pages screen's create modal", () => {
    const cmds = baseCommands({ ...base, projectId: "p1", creatable: { ...none, page: true } });
    const page = cmds.find((c) => c.key === "create-page");
    expect(page).toMatchObject({
      group: "Create",
      label: "Create page",
      run: { kind: "go", href: "/acme/projects/p1/pages/?create=1" },
    });
    expect(matches(page!, "new doc")).toBe(true);
  });

  it("does not offer it outside a project or without the right", () => {
    expect(
      baseCommands({ ...base, projectId: null, creatable: { ...none, page: true } }).some(
        (c) => c.key === "create-page",
      ),
    ).toBe(false);
    expect(baseCommands({ ...base, projectId: "p1", creatable: none }).some((c) => c.key === "create-page")).toBe(
      false,
    );
  });
});

const target = (over: Partial<WorkItemTarget> = {}): WorkItemTarget => ({
  slug: "acme",
  pid: "p1",
  id: "i1",
  key: "WEB-7",
  name: "Fix the login",
  url: "/acme/browse/WEB-7/",
  item: { state_id: null, priority: "none", assignee_ids: [], label_ids: [], cycle_id: null, module_ids: [] },
  editable: true,
  canDelete: true,
  archived: false,
  set: () => {},
  archive: () => {},
  requestDelete: () => {},
  runAgent: () => {},
  ...over,
});

describe("the palette's commands on the work item in hand", () => {
  it("offers its pickers, copy link, archive, delete and run agent under its key and name", () => {
    const cmds = itemCommands(target());
    expect(cmds.map((c) => c.key)).toEqual([
      "a-state",
      "a-priority",
      "a-assign",
      "a-labels",
      "a-cycle",
      "a-modules",
      "a-copy",
      "a-archive",
      "a-delete",
      "a-run-agent",
    ]);
    expect(new Set(cmds.map((c) => c.group))).toEqual(new Set(["WEB-7 Fix the login"]));
  });

  it("offers no pickers or archive to a reader, no copy link for a selection, nothing but copy link on an archived item", () => {
    expect(itemCommands(target({ editable: false, canDelete: false })).map((c) => c.key)).toEqual([
      "a-copy",
      "a-run-agent",
    ]);
    expect(itemCommands(target({ count: 3 })).some((c) => c.key === "a-copy")).toBe(false);
    expect(itemCommands(target({ archived: true, editable: false, canDelete: false })).map((c) => c.key)).toEqual([
      "a-copy",
    ]);
  });

  it("names the group by the key alone when key and name are long", () => {
    expect(itemCommands(target({ name: "x".repeat(60) }))[0].group).toBe("WEB-7");
  });
});

describe("the palette's commands before a search", () => {
  it("lists recent items, the item's actions, create, go-to places and help, in that order", () => {
    const cmds = baseCommands({
      ...base,
      projectId: "p1",
      target: target(),
      recents: [{ url: "/acme/browse/WEB-1/", name: "Old one", key: "WEB-1" }],
      creatable: { ...none, cycle: true },
    });
    const groups = [...new Set(cmds.map((c) => c.group))];
    expect(groups).toEqual(["Recent", "WEB-7 Fix the login", "Create", "Go to", "Help"]);
    expect(cmds.filter((c) => c.group === "Create").map((c) => c.key)).toEqual(["create-item", "create-cycle"]);
    expect(cmds.filter((c) => c.group === "Go to").map((c) => c.key)).toEqual([
      "go-items",
      "go-projects",
      "go-cycles",
      "go-modules",
      "go-views",
      "go-inbox",
    ]);
  });
});
