#!/usr/bin/env node
/**
 * Codemod (issue #27 point 15): rewrite the web app's raw Tailwind palette classes into the semantic colour tokens
 * of apps/web/src/index.css (`@theme`: canvas, surface, fill, fg, line, and the accent / danger / success / warning /
 * info / special roles), which switch with the theme (light, dark, light and dark high contrast).
 *
 *   node scripts/codemods/semantic-colours.mjs [--check] [files or folders…]   (default: apps/web/src)
 *
 * What it rewrites, in every string literal and template text of .ts/.tsx files (tests excluded) and every `@apply`
 * of .css files:
 * - a light class and its `dark:` twin in the same string (same variants, same utility), e.g.
 *   `bg-zinc-100 dark:bg-zinc-800` → `bg-fill`, `hover:text-zinc-800 dark:hover:text-zinc-200` → `hover:text-fg-secondary`,
 *   `text-red-600 dark:text-red-400` → `text-danger`: by the PAIRS table (neutral greys) or the ROLE rule (hues);
 * - a neutral grey class without a `dark:` twin (it looked the same in both themes), by the SINGLES table;
 * - a `dark:` class without a light twin, by the DARK_ONLY table.
 * An opacity modifier is kept (`bg-zinc-50/95 dark:bg-zinc-950/95` → `bg-surface-sunken/95`). Hue classes without a
 * `dark:` twin (a priority's dot, a solid button) are data colours and stay. What it cannot map is listed, and left.
 *
 * Idempotent: the tokens are not palette classes, so a second run changes nothing. Re-run it on files merged later;
 * `--check` changes nothing and exits 1 when something would change or is left unmapped (the lint rule
 * `stride/no-raw-palette` is the gate in CI).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { NEUTRAL, parseClass } from "../../apps/web/eslint-rules/palette-classes.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Hues by the role they play (the semantic state colours). */
const ROLE = {
  indigo: "accent",
  red: "danger",
  rose: "danger",
  green: "success",
  emerald: "success",
  teal: "success",
  amber: "warning",
  orange: "warning",
  yellow: "warning",
  blue: "info",
  sky: "info",
  cyan: "info",
  violet: "special",
  purple: "special",
  fuchsia: "special",
  pink: "special",
};

/**
 * The mapping table of neutral pairs: `light|dark` (colour without palette name's zinc/gray/… difference, with an
 * opacity where it matters) → token, per group. An exact entry (with opacities) wins over the bare colours.
 */
const PAIRS = {
  bg: {
    "white|950": "canvas",
    "white|900": "surface",
    "white|800": "surface",
    "50|900": "surface-muted",
    "50|950": "surface-sunken",
    "50|800": "fill-subtle",
    "100|800": "fill",
    "100|900": "fill",
    "100|800/60": "fill-hover",
    "200/60|800/60": "fill-hover",
    "200/60|800": "fill-hover",
    "200|800": "fill-selected",
    "200|700": "fill-strong",
    "300|700": "fill-strong",
    "300/60|700": "fill-strong",
    "black/5|white/10": "tint",
    "black/40|black/70": "backdrop",
  },
  text: {
    "900|100": "fg",
    "900|white": "fg",
    "900|50": "fg",
    "800|200": "fg-secondary",
    "800|100": "fg-secondary",
    "700|200": "fg-secondary",
    "600|300": "fg-muted",
    "700|300": "fg-muted",
    "600|400": "fg-muted",
    "500|400": "fg-subtle",
    "400|500": "fg-faint",
    "400|400": "fg-faint",
    "300|600": "fg-disabled",
    "300|700": "fg-disabled",
  },
  line: {
    "200|800": "line",
    "200|700": "line-raised",
    "300|700": "line-strong",
    "300|600": "line-strong",
    "100|900": "line-subtle",
    "100|800": "line-subtle",
    "white|900": "surface",
    "white|950": "canvas",
    "300|800": "line-strong",
    "200|900": "line",
  },
};

/** A neutral class without a `dark:` twin (the same grey in both themes) → the token that keeps its look. */
const SINGLES = {
  bg: {
    white: "surface",
    50: "surface-muted",
    100: "fill",
    200: "fill-strong",
    300: "fill-strong",
    800: "inverse",
    900: "inverse",
    950: "inverse",
  },
  text: {
    900: "fg",
    800: "fg-secondary",
    700: "fg-muted",
    600: "fg-muted",
    500: "fg-subtle",
    400: "fg-faint",
    300: "fg-disabled",
    100: "on-inverse",
    50: "on-inverse",
  },
  line: {
    100: "line-subtle",
    200: "line",
    300: "line-strong",
    400: "line-strong",
    700: "line-raised",
    800: "line",
    900: "line",
  },
};

/** A `dark:` class without a light twin (the light theme used Tailwind's default) → token. */
const DARK_ONLY = {
  bg: { 900: "surface", 950: "canvas", 800: "fill" },
  line: { 900: "surface", 950: "canvas", 800: "line", 700: "line-raised" },
  text: { 100: "fg", 200: "fg-secondary", 300: "fg-muted", 400: "fg-subtle" },
};

/** A hue pair (light and dark of one role) → the role's token for the group and the light shade. */
function roleToken(group, role, lightShade) {
  if (group === "bg") return lightShade <= 200 ? `${role}-soft` : null;
  if (group === "line") return `${role}-line`;
  return lightShade >= 800 ? `${role}-strong` : role;
}

const isNeutral = (p) => NEUTRAL.includes(p.palette);
const colourKey = (p, withAlpha) =>
  `${p.palette === "white" || p.palette === "black" ? p.palette : p.shade}${withAlpha && p.alpha ? `/${p.alpha}` : ""}`;
const build = (p, token, alpha) =>
  `${p.important ? "!" : ""}${[...p.variants, `${p.utility}-${token}${alpha ? `/${alpha}` : ""}`].join(":")}`;

/** The token class for a light class and its dark twin, or null. */
function mapPair(l, d) {
  const lNeutralish = isNeutral(l) || l.palette === "white" || l.palette === "black";
  const dNeutralish = isNeutral(d) || d.palette === "white" || d.palette === "black";
  if (lNeutralish && dNeutralish) {
    const table = PAIRS[l.group];
    const exact = table[`${colourKey(l, true)}|${colourKey(d, true)}`];
    if (exact) return build(l, exact);
    const bare = table[`${colourKey(l, false)}|${colourKey(d, false)}`];
    if (bare) return build(l, bare, l.alpha ?? (l.alpha === d.alpha ? d.alpha : undefined));
    return null;
  }
  if (ROLE[l.palette] && ROLE[l.palette] === ROLE[d.palette]) {
    const token = roleToken(l.group, ROLE[l.palette], Number(l.shade));
    return token
      ? build(l, token, l.group === "bg" ? undefined : l.alpha && l.alpha === d.alpha ? l.alpha : undefined)
      : null;
  }
  return null;
}

/** Rewrite one literal's text: returns [text, unmapped classes]. */
export function rewriteClasses(text) {
  const pieces = text.split(/(\s+)/);
  const parsed = pieces.map((t, i) => (i % 2 === 0 && t ? parseClass(t) : null));
  const unmapped = [];
  const drop = new Set();
  for (let i = 0; i < pieces.length; i++) {
    const l = parsed[i];
    if (!l || l.dark) continue;
    const j = parsed.findIndex((d, k) => d && d.dark && !drop.has(k) && d.key === l.key);
    if (j >= 0) {
      const out = mapPair(l, parsed[j]);
      if (out) {
        pieces[i] = out;
        drop.add(j);
      } else unmapped.push(`${l.cls} ${parsed[j].cls}`);
    } else if (isNeutral(l)) {
      const token = SINGLES[l.group][l.shade];
      if (token) pieces[i] = build(l, token, l.alpha);
      else unmapped.push(l.cls);
    }
  }
  for (let i = 0; i < pieces.length; i++) {
    const d = parsed[i];
    if (!d || !d.dark || drop.has(i)) continue;
    if (parsed.some((l, k) => l && !l.dark && l.key === d.key && k !== i)) continue; // its twin was unmapped
    const token = isNeutral(d) ? DARK_ONLY[d.group][d.shade] : null;
    if (token) pieces[i] = build(d, token, d.alpha);
    else unmapped.push(d.cls);
  }
  // drop the twins and the space before each
  const out = [];
  for (let i = 0; i < pieces.length; i++) {
    if (drop.has(i)) {
      if (out.length && /^\s+$/.test(out[out.length - 1])) out.pop();
      else if (/^\s+$/.test(pieces[i + 1] ?? "")) i++;
      continue;
    }
    out.push(pieces[i]);
  }
  return [out.join(""), unmapped];
}

/** The literal texts of a source file: [start, end] of each string and template piece's text. */
function literalRanges(file, code) {
  const sf = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const ranges = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      ranges.push([node.getStart(sf) + 1, node.getEnd() - 1]);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node))
      ranges.push([node.getStart(sf) + 1, node.getEnd() - 2]);
    else if (ts.isTemplateTail(node)) ranges.push([node.getStart(sf) + 1, node.getEnd() - 1]);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return ranges.sort((a, b) => b[0] - a[0]);
}

export function rewriteSource(file, code) {
  if (file.endsWith(".css")) return rewriteStylesheet(file, code);
  let out = code;
  const unmapped = [];
  for (const [start, end] of literalRanges(file, code)) {
    const text = out.slice(start, end);
    if (!/\b(?:zinc|gray|slate|neutral|stone|dark:)/.test(text) && !/-(?:white|black)\b/.test(text)) continue;
    const [next, left] = rewriteClasses(text);
    if (left.length) {
      const line = code.slice(0, start).split("\n").length;
      unmapped.push(...left.map((c) => `${file}:${line} ${c}`));
    }
    if (next !== text) out = out.slice(0, start) + next + out.slice(end);
  }
  return { code: out, unmapped };
}

/** A stylesheet's `@apply` lists (the editor's styles). */
function rewriteStylesheet(file, code) {
  const unmapped = [];
  const out = code.replace(/@apply ([^;}]+)/g, (whole, list, at) => {
    const [next, left] = rewriteClasses(list);
    const line = code.slice(0, at).split("\n").length;
    unmapped.push(...left.map((c) => `${file}:${line} ${c}`));
    return `@apply ${next}`;
  });
  return { code: out, unmapped };
}

function filesUnder(p) {
  const st = fs.statSync(p);
  if (st.isFile()) return [p];
  return fs
    .readdirSync(p, { withFileTypes: true })
    .flatMap((e) => (e.name === "node_modules" ? [] : filesUnder(path.join(p, e.name))));
}

function main() {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const targets = args.filter((a) => a !== "--check");
  const files = (targets.length ? targets : [path.join(ROOT, "apps/web/src")])
    .flatMap((t) => filesUnder(path.resolve(t)))
    .filter((f) => /\.(tsx?|css)$/.test(f) && !/\.(test|e2e)\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
  let changed = 0;
  const unmapped = [];
  for (const f of files) {
    const code = fs.readFileSync(f, "utf8");
    const res = rewriteSource(path.relative(ROOT, f), code);
    unmapped.push(...res.unmapped);
    if (res.code !== code) {
      changed++;
      if (!check) fs.writeFileSync(f, res.code);
    }
  }
  console.log(`${check ? "would change" : "changed"} ${changed} of ${files.length} files`);
  if (unmapped.length) console.log(`left unmapped (${unmapped.length}):\n${unmapped.join("\n")}`);
  if (check && (changed || unmapped.length)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
