/**
 * Lucide's icons in two elements. A lucide icon is an `<svg>` with one child per stroke (a path, line, circle,
 * rect, polyline…): Boxes has 12, Calendar 4. A list row draws ~20 icons, so at the peek's first paint more than
 * half of the page's elements were inside icons (1,052 of 1,907), each one created, given its attributes and
 * styled and laid out. Every lucide child that is geometry only (no fill, stroke or transform of its own) draws
 * the same as a subpath of one path with the `<svg>`'s stroke, so they become one `<path>`; a child with its own
 * paint stays as it is. Applied to lucide's `Icon` in the build (vite.config.ts `compactLucideIcons`), so the
 * `<svg class="lucide lucide-…">` and its attributes are lucide's own.
 */

/** One of an icon's shapes: tag, attributes (with lucide's `key`), children. */
export type IconShape = [tag: string, attrs: Record<string, string | number | undefined>, children?: IconShape[]];
/** An icon's shapes (lucide's `IconNode`). */
export type IconNode = IconShape[];

/** Attributes that only say where a shape is: a child with any other one keeps its own element. */
const GEOMETRY: Record<string, readonly string[]> = {
  path: ["d"],
  line: ["x1", "y1", "x2", "y2"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  rect: ["x", "y", "width", "height", "rx", "ry"],
  polyline: ["points"],
  polygon: ["points"],
};

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
const num = (v: string | number | undefined) => (v === undefined ? 0 : Number(v));
const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * A path's data as a subpath that can follow another one. A path that starts with a relative `m` starts at that
 * point (the spec reads the first `m` as absolute); after another subpath it would be read from that one's end,
 * so its first move becomes absolute, and the pairs that follow it (implicit relative lines) an explicit `l`.
 */
export function absoluteStart(d: string): string {
  const s = d.trimStart();
  if (s[0] !== "m") return s;
  NUMBER.lastIndex = 1;
  const x = NUMBER.exec(s);
  const y = x && NUMBER.exec(s);
  if (!x || !y) return s;
  const rest = s.slice(NUMBER.lastIndex).trimStart().replace(/^,\s*/, "");
  return `M${x[0]} ${y[0]}${rest && /^[\d.+-]/.test(rest) ? `l${rest}` : rest}`;
}

/** The path data drawing the same outline as a geometry-only shape, or null for a tag it does not know. */
export function shapePath(tag: string, a: Record<string, string | number | undefined>): string | null {
  switch (tag) {
    case "path":
      return typeof a.d === "string" ? absoluteStart(a.d) : null;
    case "line":
      return `M${fmt(num(a.x1))} ${fmt(num(a.y1))}L${fmt(num(a.x2))} ${fmt(num(a.y2))}`;
    case "circle":
    case "ellipse": {
      const rx = num(tag === "circle" ? a.r : a.rx),
        ry = num(tag === "circle" ? a.r : a.ry);
      const cx = num(a.cx),
        cy = num(a.cy);
      if (!(rx > 0 && ry > 0)) return "";
      return `M${fmt(cx - rx)} ${fmt(cy)}a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(2 * rx)} 0a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(-2 * rx)} 0z`;
    }
    case "rect": {
      const x = num(a.x),
        y = num(a.y),
        w = num(a.width),
        h = num(a.height);
      if (!(w > 0 && h > 0)) return "";
      // rx and ry default to each other (SVG 2), and are at most half the side
      let rx = a.rx === undefined ? num(a.ry) : num(a.rx);
      let ry = a.ry === undefined ? rx : num(a.ry);
      rx = Math.min(Math.max(rx, 0), w / 2);
      ry = Math.min(Math.max(ry, 0), h / 2);
      if (!rx || !ry) return `M${fmt(x)} ${fmt(y)}h${fmt(w)}v${fmt(h)}h${fmt(-w)}z`;
      const arc = (dx: number, dy: number) => `a${fmt(rx)} ${fmt(ry)} 0 0 1 ${fmt(dx)} ${fmt(dy)}`;
      return `M${fmt(x + rx)} ${fmt(y)}h${fmt(w - 2 * rx)}${arc(rx, ry)}v${fmt(h - 2 * ry)}${arc(-rx, ry)}h${fmt(2 * rx - w)}${arc(-rx, -ry)}v${fmt(2 * ry - h)}${arc(rx, -ry)}z`;
    }
    case "polyline":
    case "polygon": {
      const pts = String(a.points ?? "").match(NUMBER) ?? [];
      if (pts.length < 4) return "";
      let d = `M${pts[0]} ${pts[1]}`;
      for (let i = 2; i + 1 < pts.length; i += 2) d += `L${pts[i]} ${pts[i + 1]}`;
      return tag === "polygon" ? `${d}z` : d;
    }
    default:
      return null;
  }
}

const geometryOnly = (tag: string, attrs: Record<string, unknown>, children?: unknown[]) =>
  !children?.length && !!GEOMETRY[tag] && Object.keys(attrs).every((k) => k === "key" || GEOMETRY[tag]!.includes(k));

/** The icon's children with every geometry-only child joined into one path (in the first one's place). */
export function compactIconNode(node: IconNode): IconNode {
  const out: IconNode = [];
  let joined: string[] | null = null;
  for (const child of node) {
    const [tag, attrs, children] = child;
    const d = geometryOnly(tag, attrs, children) ? shapePath(tag, attrs) : null;
    if (d === null) {
      out.push(child);
      continue;
    }
    if (!joined) {
      joined = [];
      out.push(["path", { d: "", key: "compact" }]);
    }
    if (d) joined.push(d);
  }
  if (joined) {
    const at = out.findIndex(([, a]) => a.key === "compact");
    out[at] = ["path", { d: joined.join(""), key: "compact" }];
  }
  return out;
}

const compacted = new WeakMap<object, object>();

/** Lucide's icon data with its node compacted (once per icon). */
export function compactLucideIcon<T extends { node: IconNode }>(icon: T): T {
  let c = compacted.get(icon) as T | undefined;
  if (!c) {
    c = { ...icon, node: compactIconNode(icon.node) };
    compacted.set(icon, c);
  }
  return c;
}
