import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHIP_GAP,
  FIT_MAX,
  FIT_STEP,
  MORE_PX,
  ROW_PROP_PRIORITY,
  TITLE_GAP,
  TITLE_MIN_PX,
  TITLE_SHARE,
  areaFor,
  fitClass,
  fitRow,
  step,
  type ChipSize,
} from "./row-fit.ts";

const chip = (key: ChipSize["key"], width: number, empty = false): ChipSize => ({ key, width, empty });
/** Which chips show and what the count says at an area width, as the container queries decide. */
function at(width: number, chips: ChipSize[], title: number) {
  const fit = fitRow(chips, ROW_PROP_PRIORITY, title);
  const shown = chips.filter((c) => width >= (fit.from[c.key] ?? 0)).map((c) => c.key);
  const more = width < fit.all ? (fit.more.find((m) => width >= m.from && width < m.to)?.count ?? 0) : 0;
  return { shown, more };
}

describe("a list row's width plan", () => {
  it("gives the title its floor or its share of a wide row, and never more than it needs", () => {
    // a long title: 240 px beside a narrow row's chips, 40 % of a wide one
    expect(areaFor(100, 500)).toBe(340);
    expect(areaFor(400, 500)).toBe(Math.ceil(400 / (1 - TITLE_SHARE)));
    // a short title needs only its own width
    expect(areaFor(100, 80)).toBe(180);
    expect(areaFor(0, 500)).toBe(0);
    expect(TITLE_MIN_PX / 8).toBeGreaterThanOrEqual(24);
  });

  it("hides the least important values first and counts them; empty ones go before any value", () => {
    const chips = [
      chip("state", 90),
      chip("priority", 26),
      chip("labels", 120),
      chip("due_date", 100),
      chip("start_date", 26, true),
      chip("updated_on", 90),
    ];
    const title = 400;
    // wide: everything, the empty icon too, no count
    expect(at(2000, chips, title)).toEqual({
      shown: ["state", "priority", "labels", "due_date", "start_date", "updated_on"],
      more: 0,
    });
    // the room of every value but not the empty icon
    const all = fitRow(chips, ROW_PROP_PRIORITY, title).all;
    expect(at(all, chips, title)).toEqual({
      shown: ["state", "priority", "labels", "due_date", "updated_on"],
      more: 0,
    });
    // less: "updated" (least important) goes and is counted, then labels after the due date
    expect(at(all - 1, chips, title)).toEqual({ shown: ["state", "priority", "labels", "due_date"], more: 1 });
    const twoHidden = at(
      TITLE_MIN_PX + TITLE_GAP + 90 + 26 + 100 + 2 * CHIP_GAP + CHIP_GAP + MORE_PX + FIT_STEP,
      chips,
      title,
    );
    expect(twoHidden).toEqual({ shown: ["state", "priority", "due_date"], more: 2 });
    // narrow: only the count, and narrower still (the title's floor and the count do not fit) nothing
    expect(at(TITLE_MIN_PX + TITLE_GAP + MORE_PX + FIT_STEP, chips, title)).toEqual({ shown: [], more: 5 });
    expect(at(TITLE_MIN_PX, chips, title)).toEqual({ shown: [], more: 0 });
  });

  it("shows what fits at each width: the chips' and the title's room never exceeds the area", () => {
    const chips = [
      chip("state", 110),
      chip("priority", 26),
      chip("assignee", 34),
      chip("labels", 150),
      chip("due_date", 96),
      chip("estimate", 40),
      chip("modules", 110),
      chip("cycle", 100),
      chip("created_on", 86),
      chip("start_date", 26, true),
    ];
    for (const title of [60, 200, 380]) {
      for (let w = 150; w < 1500; w += 7) {
        const { shown, more } = at(w, chips, title);
        const used =
          chips.filter((c) => shown.includes(c.key)).reduce((s, c) => s + c.width + CHIP_GAP, 0) +
          (more ? MORE_PX + CHIP_GAP : 0);
        if (!used) continue;
        const titleRoom = Math.min(title, Math.max(TITLE_MIN_PX, TITLE_SHARE * w));
        expect(titleRoom + TITLE_GAP + used - CHIP_GAP, `title ${title}, width ${w}`).toBeLessThanOrEqual(w);
      }
    }
  });

  it("moves a list's own property last (a cycle's list: the cycle)", () => {
    const chips = [chip("state", 90), chip("cycle", 100), chip("created_on", 80)];
    const plain = fitRow(chips, ROW_PROP_PRIORITY, 400);
    const inCycle = fitRow(chips, [...ROW_PROP_PRIORITY.filter((k) => k !== "cycle"), "cycle"], 400);
    expect(plain.from.cycle!).toBeLessThan(plain.from.created_on!);
    expect(inCycle.from.cycle!).toBeGreaterThan(inCycle.from.created_on!);
  });

  it("rounds widths up to the classes that index.css generates", () => {
    expect(step(1)).toBe(FIT_STEP);
    expect(step(FIT_STEP * 3 + 1)).toBe(FIT_STEP * 4);
    expect(step(99_999)).toBe(FIT_MAX);
    expect(fitClass(0)).toBe("");
    expect(fitClass(320, 480)).toBe("@max-[320px]/row:hidden @min-[480px]/row:hidden");
    const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../../index.css"), "utf8");
    expect(css).toContain(
      `@source inline("{@max-[{${FIT_STEP}..${FIT_MAX}..${FIT_STEP}}px]/row:hidden,@min-[{${FIT_STEP}..${FIT_MAX}..${FIT_STEP}}px]/row:hidden}");`,
    );
  });
});
