import { describe, expect, it } from "vitest";
import { baseCommands, matches } from "./commands.ts";

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
