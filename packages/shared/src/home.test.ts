import { describe, expect, it } from "vitest";
import {
  durationTargetDate,
  widgetStatsParams,
  sidebarPreferenceDefaults,
  sortOrderAtIndex,
  sortOrderNextTo,
  sortOrderOnTop,
  stripHtml,
} from "./home.ts";

const s = (id: string, sort_order: number) => ({ id, sort_order });

describe("sticky and widget order (platform.md §5)", () => {
  it("a new sticky goes on top: highest + 10000, the first gets 65535", () => {
    expect(sortOrderOnTop([])).toBe(65535);
    expect(sortOrderOnTop([65535, 75535, 100])).toBe(85535);
  });

  it("moving above: the midpoint between the neighbour above and the target", () => {
    const items = [s("a", 30000), s("b", 20000), s("c", 10000)];
    expect(sortOrderNextTo(items, "c", "b", "above")).toBe(25000);
  });

  it("moving above the first: target + 10000", () => {
    const items = [s("a", 30000), s("b", 20000), s("c", 10000)];
    expect(sortOrderNextTo(items, "c", "a", "above")).toBe(40000);
  });

  it("moving below: target − 10000", () => {
    const items = [s("a", 30000), s("b", 20000), s("c", 10000)];
    expect(sortOrderNextTo(items, "a", "c", "below")).toBe(0);
    // target − 10000 would land on c itself: the midpoint keeps it between b and c
    expect(sortOrderNextTo(items, "a", "b", "below")).toBe(15000);
  });

  it("moving below never passes the neighbour below: the midpoint when it is closer than a step", () => {
    const widgets = [s("quick_links", 999), s("recents", 998), s("my_stickies", 997)];
    expect(sortOrderNextTo(widgets, "quick_links", "recents", "below")).toBe(997.5);
    const far = [s("a", 60000), s("b", 40000), s("c", 10000)];
    expect(sortOrderNextTo(far, "a", "b", "below")).toBe(30000);
  });

  it("the moving item is never its own neighbour", () => {
    const items = [s("a", 30000), s("b", 20000), s("c", 10000)];
    // a sits right above b: dropping it above b is the midpoint between nothing above (a left out) → b + step
    expect(sortOrderNextTo(items, "a", "b", "above")).toBe(30000);
    expect(sortOrderNextTo(items, "b", "b", "above")).toBeNull();
    expect(sortOrderNextTo(items, "a", "zzz", "below")).toBeNull();
  });

  it("results keep the order the user asked for", () => {
    const items = [s("a", 40000), s("b", 30000), s("c", 29999), s("d", 10000)];
    const next = sortOrderNextTo(items, "a", "b", "below")!;
    const order = [...items.map((i) => (i.id === "a" ? { ...i, sort_order: next } : i))]
      .sort((x, y) => y.sort_order - x.sort_order)
      .map((i) => i.id);
    expect(order).toEqual(["b", "a", "c", "d"]);
  });
});

describe("sortOrderAtIndex (a drop slot among the others)", () => {
  const items = [s("a", 30000), s("b", 20000), s("c", 10000)];
  it("index 0 goes above the first; the end goes below the last; between takes the midpoint", () => {
    expect(sortOrderAtIndex(items, "c", 0)).toBe(40000);
    expect(sortOrderAtIndex(items, "a", 2)).toBe(0);
    expect(sortOrderAtIndex(items, "a", 1)).toBe(15000);
    expect(sortOrderAtIndex(items, "c", 1)).toBe(25000);
  });
  it("null when the item stays where it is", () => {
    expect(sortOrderAtIndex(items, "b", 1)).toBeNull();
    expect(sortOrderAtIndex([s("a", 1)], "a", 0)).toBeNull();
  });
});

describe("sidebar preferences defaults (wire-facts §9)", () => {
  it("65535 then +10000 in order; drafts, your_work, stickies pinned", () => {
    const d = sidebarPreferenceDefaults();
    expect(d.map((p) => p.key)).toEqual([
      "views",
      "active_cycles",
      "analytics",
      "drafts",
      "your_work",
      "archives",
      "stickies",
    ]);
    expect(d.map((p) => p.sort_order)).toEqual([65535, 75535, 85535, 95535, 105535, 115535, 125535]);
    expect(d.filter((p) => p.is_pinned).map((p) => p.key)).toEqual(["drafts", "your_work", "stickies"]);
  });
});

describe("stripHtml", () => {
  it("keeps the words of rich text", () => {
    expect(stripHtml("<p>Buy <strong>milk</strong></p><p>&amp; eggs&nbsp;now</p>")).toBe("Buy milk & eggs now");
  });
});

describe("durationTargetDate (the widgets' duration filter)", () => {
  it("turns a duration into Plane's target_date range", () => {
    // 2026-11-25 is a Wednesday
    expect(durationTargetDate("none", "2026-11-25")).toBe("");
    expect(durationTargetDate(undefined, "2026-11-25")).toBe("");
    expect(durationTargetDate("today", "2026-11-25")).toBe("2026-11-25;after,2026-11-25;before");
    expect(durationTargetDate("this_week", "2026-11-25")).toBe("2026-11-22;after,2026-11-28;before");
    expect(durationTargetDate("this_week", "2026-11-25", 1)).toBe("2026-11-23;after,2026-11-29;before");
    expect(durationTargetDate("this_week", "2026-11-22", 1)).toBe("2026-11-16;after,2026-11-22;before");
    expect(durationTargetDate("this_month", "2026-02-10")).toBe("2026-02-01;after,2026-02-28;before");
    expect(durationTargetDate("this_month", "2028-02-10")).toBe("2028-02-01;after,2028-02-29;before");
    expect(durationTargetDate("this_year", "2026-11-25")).toBe("2026-01-01;after,2026-12-31;before");
    expect(durationTargetDate("custom", "2026-11-25", 0, ["2026-01-01;after", "bad", "2026-01-31;before"])).toBe(
      "2026-01-01;after,2026-01-31;before",
    );
  });
});

describe("widgetStatsParams (what the home asks for a widget)", () => {
  it("names the widget, its duration, or its custom range as target_date", () => {
    expect(widgetStatsParams({ key: "recent_projects", widget_filters: {} })).toEqual({
      widget_key: "recent_projects",
    });
    expect(widgetStatsParams({ key: "issues_by_priority", widget_filters: {} })).toEqual({
      widget_key: "issues_by_priority",
      duration: "none",
    });
    expect(widgetStatsParams({ key: "issues_by_state_groups", widget_filters: { duration: "this_week" } })).toEqual({
      widget_key: "issues_by_state_groups",
      duration: "this_week",
    });
    expect(widgetStatsParams({ key: "issues_by_state_groups", widget_filters: { duration: "bogus" } })).toEqual({
      widget_key: "issues_by_state_groups",
      duration: "none",
    });
    expect(
      widgetStatsParams({
        key: "issues_by_state_groups",
        widget_filters: { duration: "custom", custom_dates: ["2026-01-01;after", "2026-01-31;before"] },
      }),
    ).toEqual({ widget_key: "issues_by_state_groups", target_date: "2026-01-01;after,2026-01-31;before" });
  });
});
