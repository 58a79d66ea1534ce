/**
 * Tailwind palette classes, parsed: what the lint rule `stride/no-raw-palette` refuses in screens and what
 * scripts/codemods/semantic-colours.mjs rewrites into the semantic colour tokens of apps/web/src/index.css.
 */

/** The colour utilities by what they colour: a background, text (and icons), or a line. */
export const GROUP = {
  bg: "bg",
  from: "bg",
  via: "bg",
  to: "bg",
  "ring-offset": "bg",
  text: "text",
  fill: "text",
  stroke: "text",
  placeholder: "text",
  decoration: "text",
  caret: "text",
  border: "line",
  "border-x": "line",
  "border-y": "line",
  "border-t": "line",
  "border-r": "line",
  "border-b": "line",
  "border-l": "line",
  "border-s": "line",
  "border-e": "line",
  divide: "line",
  ring: "line",
  outline: "line",
};
const UTILITIES = Object.keys(GROUP).sort((a, b) => b.length - a.length);
/** The greys: every use of them is a surface, text or line colour, which the tokens name. */
export const NEUTRAL = ["zinc", "gray", "slate", "neutral", "stone"];
const HUES = [
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
];
const COLOUR = new RegExp(`^(${[...NEUTRAL, ...HUES, "white", "black"].join("|")})(?:-(\\d{2,3}))?(?:/(\\d{1,3}))?$`);

/** A class's variants and base: `dark:hover:bg-x` → ["dark", "hover", "bg-x"] (colons inside brackets kept). */
function variantChain(cls) {
  const parts = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < cls.length; i++) {
    if (cls[i] === "[" || cls[i] === "(") depth++;
    else if (cls[i] === "]" || cls[i] === ")") depth--;
    else if (cls[i] === ":" && depth === 0) {
      parts.push(cls.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, cls.slice(from)];
}

/**
 * A palette colour class (`hover:bg-zinc-100`, `dark:text-red-400`, `border-b-zinc-200/60`), parsed: its variants
 * without `dark`, whether it has `dark`, its utility and group, palette, shade and opacity; null for any other class.
 */
export function parseClass(cls) {
  const parts = variantChain(cls);
  const last = parts.pop();
  const important = last.startsWith("!") || last.endsWith("!");
  const base = last.replace(/^!|!$/g, "");
  const utility = UTILITIES.find((u) => base.startsWith(`${u}-`));
  if (!utility) return null;
  const m = COLOUR.exec(base.slice(utility.length + 1));
  if (!m) return null;
  const [, palette, shade, alpha] = m;
  if ((palette === "white" || palette === "black") !== (shade === undefined)) return null;
  const variants = parts.filter((p) => p !== "dark");
  return {
    cls,
    variants,
    key: `${variants.join(":")}|${utility}`,
    dark: parts.includes("dark"),
    utility,
    group: GROUP[utility],
    palette,
    shade,
    alpha,
    important,
  };
}

/** Why a class is a raw palette class a screen may not use, or null: a grey, or any colour switched by `dark:`. */
export function rawPaletteReason(cls) {
  const p = parseClass(cls);
  if (!p) return null;
  if (NEUTRAL.includes(p.palette)) return "grey";
  if (p.dark) return "dark";
  return null;
}
