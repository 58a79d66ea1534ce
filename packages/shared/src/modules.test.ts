import { describe, expect, it } from "vitest";
import { completionChart, daysBetween, moduleProgress, sortModules, type SortableModule } from "./modules.ts";

const mod = (name: string, o: Partial<SortableModule> = {}): SortableModule => ({
  name,
  target_date: null,
  created_at: "2026-01-01T00:00:00Z",
  sort_order: 65535,
  total_issues: 0,
  completed_issues: 0,
  cancelled_issues: 0,
  ...o,
});

describe("modules", () => {
  it("progress counts completed items of those not cancelled", () => {
    expect(moduleProgress(mod("a"))).toBe(0);
    // a cancelled item leaves the scope: 1 of 3 (issue #27 point 5)
    expect(moduleProgress(mod("a", { total_issues: 4, completed_issues: 1, cancelled_issues: 1 }))).toBe(33);
    expect(moduleProgress(mod("a", { total_issues: 1, completed_issues: 0, cancelled_issues: 1 }))).toBe(0);
  });

  it("sorts by each order of §9 and its reverse", () => {
    const a = mod("alpha", {
      total_issues: 2,
      completed_issues: 2,
      target_date: "2026-03-01",
      created_at: "2026-01-03T00:00:00Z",
      sort_order: 3,
    });
    const b = mod("Beta", {
      total_issues: 5,
      completed_issues: 1,
      target_date: "2026-02-01",
      created_at: "2026-01-01T00:00:00Z",
      sort_order: 1,
    });
    const c = mod("gamma", { created_at: "2026-01-02T00:00:00Z", sort_order: 2 });
    const names = (o: Parameters<typeof sortModules>[1]) => sortModules([c, b, a], o).map((m) => m.name);
    expect(names("name")).toEqual(["alpha", "Beta", "gamma"]);
    expect(names("-name")).toEqual(["gamma", "Beta", "alpha"]);
    expect(names("progress")).toEqual(["gamma", "Beta", "alpha"]);
    expect(names("-issues_length")).toEqual(["Beta", "alpha", "gamma"]);
    expect(names("target_date")).toEqual(["Beta", "alpha", "gamma"]);
    expect(names("-target_date")).toEqual(["alpha", "Beta", "gamma"]);
    expect(names("-created_at")).toEqual(["alpha", "gamma", "Beta"]);
    expect(names("sort_order")).toEqual(["Beta", "gamma", "alpha"]);
  });

  it("burndown: remaining per day from start to end, future days null", () => {
    expect(daysBetween("2026-01-30", "2026-02-02")).toEqual(["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]);
    expect(completionChart(null, "2026-01-02", "2026-01-01", 3, [])).toEqual({});
    const chart = completionChart("2026-01-01", "2026-01-05", "2026-01-03", 5, [
      { day: "2026-01-02", weight: 2 },
      { day: "2025-12-30", weight: 1 },
      { day: "2026-01-03", weight: 1 },
    ]);
    expect(chart).toEqual({
      "2026-01-01": 4,
      "2026-01-02": 2,
      "2026-01-03": 1,
      "2026-01-04": null,
      "2026-01-05": null,
    });
  });
});
