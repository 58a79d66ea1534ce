import { describe, expect, it, vi } from "vitest";
import type { WorkItemTarget } from "../../../lib/command-target.ts";
import { runCommand, type CommandContext } from "./run-command.ts";

const ctx = (target: Partial<WorkItemTarget> | null = null) => {
  const calls: string[] = [];
  const c: CommandContext = {
    target: target as WorkItemTarget | null,
    onClose: () => calls.push("close"),
    onCreate: () => calls.push("create"),
    onHelp: () => calls.push("help"),
    pick: (p) => calls.push(`pick ${p}`),
    navigate: (href) => calls.push(`go ${href}`),
    copied: (key) => calls.push(`copied ${key}`),
  };
  return { c, calls };
};

describe("a chosen palette command", () => {
  it("closes the palette, then goes, creates or opens the help", () => {
    for (const [run, then] of [
      [{ kind: "go", href: "/acme/projects/" }, "go /acme/projects/"],
      [{ kind: "create" }, "create"],
      [{ kind: "help" }, "help"],
    ] as const) {
      const { c, calls } = ctx();
      runCommand(run, c);
      expect(calls).toEqual(["close", then]);
    }
  });

  it("opens a picker in the palette, which stays open", () => {
    const { c, calls } = ctx();
    runCommand({ kind: "pick", picker: "state" }, c);
    expect(calls).toEqual(["pick state"]);
  });

  it("sets a value on the item in hand, staying open for a multi-choice picker", () => {
    const set = vi.fn();
    const one = ctx({ set });
    runCommand({ kind: "set", patch: { priority: "high" } }, one.c);
    expect(set).toHaveBeenCalledWith({ priority: "high" });
    expect(one.calls).toEqual(["close"]);
    const many = ctx({ set });
    runCommand({ kind: "set", patch: { label_ids: ["l1"] }, keepOpen: true }, many.c);
    expect(many.calls).toEqual([]);
  });

  it("archives before closing, and closes before the delete confirmation or the agent run", () => {
    const calls: string[] = [];
    const target = {
      archive: () => calls.push("archive"),
      requestDelete: () => calls.push("delete"),
      runAgent: () => calls.push("run"),
    };
    for (const kind of ["archive", "delete", "run-agent"] as const) {
      const c = ctx(target).c;
      runCommand({ kind }, { ...c, onClose: () => calls.push("close") });
    }
    expect(calls).toEqual(["archive", "close", "close", "delete", "close", "run"]);
  });
});
