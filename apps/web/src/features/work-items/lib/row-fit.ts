/**
 * How a list row shares its width between the title and the property chips (issue #27): one line always, the
 * title first. The title keeps at least `min(its own width, max(TITLE_MIN_PX, TITLE_SHARE of the area))`; the
 * properties take what is left, most important first. Empty properties (drawn as small icons, seen on hover) go
 * first when room runs out, then the least important ones with a value, and a "+N" count says how many are hidden.
 *
 * Nothing is measured: each chip's width is estimated from its text (a few characters), and for every chip the
 * plan gives the width of the title-and-properties area from which it shows. The row is a CSS size container, and
 * a chip is hidden below its width by a container query (classes generated in index.css for every `FIT_STEP` px
 * up to `FIT_MAX`), so a resize or the side panel opening re-renders nothing.
 */

/** The properties a row may show, most important first (§3 display properties that draw a chip). */
export const ROW_PROP_PRIORITY = [
  "state",
  "priority",
  "assignee",
  "due_date",
  "labels",
  "issue_type",
  "estimate",
  "cycle",
  "modules",
  "start_date",
  "sub_issue_count",
  "link",
  "attachment_count",
  "updated_on",
  "created_on",
] as const;
export type RowProp = (typeof ROW_PROP_PRIORITY)[number];

/** The title's floor (about 30 characters) and its share of a wide row. */
export const TITLE_MIN_PX = 240;
export const TITLE_SHARE = 0.4;
/** Space between chips, between the title and the chips, and the "+N" count's width. */
export const CHIP_GAP = 6;
export const TITLE_GAP = 8;
export const MORE_PX = 30;
/** Widths are rounded up to this step (a chip hides at most a step early); the classes exist up to FIT_MAX. */
export const FIT_STEP = 16;
export const FIT_MAX = 2048;

export interface ChipSize {
  key: RowProp;
  /** Drawn as a placeholder icon: no value. */
  empty: boolean;
  width: number;
}

export interface RowFit {
  /** For each chip, the area width from which it shows (0: always). */
  from: Partial<Record<RowProp, number>>;
  /** The "+N" count: how many chips with a value are hidden between two area widths. */
  more: { count: number; from: number; to: number }[];
  /** The area width from which every chip with a value shows (the count hides from there). */
  all: number;
}

/** Rough text widths (px) of the row's fonts: the chips' 12 px and the title's 14 px medium. */
function textWidth(text: string, size: { space: number; digit: number; upper: number; other: number }): number {
  let w = 0;
  for (const ch of text) {
    if (ch === " ") w += size.space;
    else if (ch >= "0" && ch <= "9") w += size.digit;
    else if (ch !== ch.toLowerCase()) w += size.upper;
    else w += size.other;
  }
  return Math.ceil(w);
}
const CHIP_FONT = { space: 3.8, digit: 7.7, upper: 8.4, other: 7 };
const TITLE_FONT = { space: 4.2, digit: 8.6, upper: 9.6, other: 7.9 };
export const chipText = (text: string) => textWidth(text, CHIP_FONT);
export const titleText = (text: string) => textWidth(text, TITLE_FONT);

/** The area width from which `need` px of chips fit beside a title `title` px wide (see the file's comment). */
export function areaFor(need: number, title: number): number {
  if (need <= 0) return 0;
  return Math.ceil(Math.min(need + title, Math.max(need + TITLE_MIN_PX, need / (1 - TITLE_SHARE))));
}

/** Round a width up to the classes' step (0 stays 0: always shown). */
export function step(px: number): number {
  if (px <= 0) return 0;
  return Math.min(FIT_MAX, Math.ceil(px / FIT_STEP) * FIT_STEP);
}

/**
 * The plan of one row: `chips` in any order, `priority` the order in which they keep their place (the context's
 * own property, a cycle's cycle, can be moved last), `title` the title's estimated width.
 */
export function fitRow(chips: readonly ChipSize[], priority: readonly RowProp[], title: number): RowFit {
  const rank = (c: ChipSize) => priority.indexOf(c.key);
  const byRank = (a: ChipSize, b: ChipSize) => rank(a) - rank(b);
  const present = chips.filter((c) => !c.empty).sort(byRank);
  const empty = chips.filter((c) => c.empty).sort(byRank);
  const n = present.length;
  // the width the first k chips with a value need (with the count while some stay hidden)
  const sums = [0];
  for (const c of present) sums.push(sums[sums.length - 1] + c.width + (sums.length > 1 ? CHIP_GAP : 0));
  const need = (k: number) =>
    k === n ? (n ? TITLE_GAP + sums[k] : 0) : TITLE_GAP + sums[k] + (k ? CHIP_GAP : 0) + MORE_PX;
  const at = sums.map((_, k) => areaFor(need(k), title));
  // a chip shows from the narrowest width at which it and those before it fit (showing one more can need less
  // than the count it replaces); the count alone shows from `shown[0]`
  const shown: number[] = new Array(n + 1).fill(0);
  let min = Infinity;
  for (let k = n; k >= 0; k--) {
    min = Math.min(min, at[k]);
    shown[k] = step(min);
  }
  const from: RowFit["from"] = {};
  present.forEach((c, i) => {
    from[c.key] = shown[i + 1];
  });
  const more: RowFit["more"] = [];
  for (let k = 0; k < n; k++) {
    const lo = shown[k];
    const hi = shown[k + 1];
    if (hi > lo) more.push({ count: n - k, from: lo, to: hi });
  }
  // empty properties: only once every chip with a value shows, least important last
  let used = n ? sums[n] + CHIP_GAP : 0;
  for (const c of empty) {
    used += c.width;
    from[c.key] = step(Math.max(areaFor(TITLE_GAP + used, title), shown[n]));
    used += CHIP_GAP;
  }
  return { from, more, all: n ? shown[n] : 0 };
}

/** The classes that hide an element below area width `from` and from area width `to` on (0: no bound). */
export function fitClass(from: number, to = 0): string {
  const parts: string[] = [];
  if (from > 0) parts.push(`@max-[${from}px]/row:hidden`);
  if (to > 0) parts.push(`@min-[${to}px]/row:hidden`);
  return parts.join(" ");
}

/** The title's least width (CSS) for a title estimated `title` px wide: the same rule the plan counts with. */
export function titleMinWidth(title: number): string {
  return `min(${title}px, max(${TITLE_MIN_PX}px, ${TITLE_SHARE * 100}cqw), 100cqw)`;
}
