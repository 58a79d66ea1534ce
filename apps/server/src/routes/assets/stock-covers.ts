/**
 * The project covers Stride ships (issue #30): abstract images drawn as SVG from a palette each, so a new project has a
 * cover to pick without any outside service. `GET /api/project-covers/` lists them before the operator's own covers
 * (files under `static/project-cover/` in storage); `GET /api/project-covers/{name}` serves one.
 */
interface Palette {
  /** Background gradient, top-left to bottom-right. */
  from: string;
  to: string;
  /** Three soft shapes over it. */
  glow: [string, string, string];
  /** The wave across the lower part. */
  wave: string;
}

const PALETTES: Record<string, Palette> = {
  aurora: { from: "#0f172a", to: "#134e4a", glow: ["#22d3ee", "#a78bfa", "#34d399"], wave: "#5eead4" },
  dusk: { from: "#312e81", to: "#9d174d", glow: ["#f472b6", "#fb923c", "#818cf8"], wave: "#fda4af" },
  lagoon: { from: "#0c4a6e", to: "#0891b2", glow: ["#67e8f9", "#38bdf8", "#a7f3d0"], wave: "#bae6fd" },
  meadow: { from: "#14532d", to: "#65a30d", glow: ["#bef264", "#fde047", "#4ade80"], wave: "#d9f99d" },
  ember: { from: "#450a0a", to: "#c2410c", glow: ["#fb923c", "#facc15", "#ef4444"], wave: "#fed7aa" },
  glacier: { from: "#e0f2fe", to: "#c7d2fe", glow: ["#93c5fd", "#a5b4fc", "#ffffff"], wave: "#f0f9ff" },
  orchid: { from: "#4a044e", to: "#7e22ce", glow: ["#e879f9", "#c084fc", "#f9a8d4"], wave: "#f5d0fe" },
  citrus: { from: "#fef9c3", to: "#fdba74", glow: ["#facc15", "#fb923c", "#a3e635"], wave: "#fff7ed" },
  slate: { from: "#1e293b", to: "#475569", glow: ["#94a3b8", "#64748b", "#cbd5e1"], wave: "#e2e8f0" },
  coral: { from: "#881337", to: "#f43f5e", glow: ["#fda4af", "#fb7185", "#fdba74"], wave: "#ffe4e6" },
  forest: { from: "#022c22", to: "#166534", glow: ["#10b981", "#84cc16", "#0d9488"], wave: "#6ee7b7" },
  nebula: { from: "#020617", to: "#3b0764", glow: ["#6366f1", "#d946ef", "#0ea5e9"], wave: "#c4b5fd" },
};

/** The names of the shipped covers, in the order they are offered. */
export const STOCK_COVERS = Object.keys(PALETTES).map((name) => `${name}.svg`);

const W = 1600;
const H = 600;

/** A small deterministic generator, so each cover is drawn the same way every time. */
function rng(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The SVG of a shipped cover, or null when `file` is not one (`aurora.svg`, …). */
export function stockCoverSvg(file: string): string | null {
  const name = file.replace(/\.svg$/, "");
  const p = Object.hasOwn(PALETTES, name) && file.endsWith(".svg") ? PALETTES[name] : null;
  if (!p) return null;
  const rand = rng(name);
  const circles = p.glow
    .map((color, i) => {
      const cx = r1(W * (0.15 + 0.35 * i + 0.15 * rand()));
      const cy = r1(H * (0.2 + 0.5 * rand()));
      const r = r1(H * (0.35 + 0.3 * rand()));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" opacity="${r1(0.45 + 0.3 * rand())}"/>`;
    })
    .join("");
  const y = (f: number) => r1(H * f);
  const a = 0.55 + 0.15 * rand();
  const b = 0.65 + 0.15 * rand();
  const wave = `M0 ${y(a)} C ${W * 0.25} ${y(a - 0.2)}, ${W * 0.45} ${y(b + 0.15)}, ${W * 0.7} ${y(b - 0.05)} S ${W} ${y(a - 0.1)}, ${W} ${y(a)} V ${H} H 0 Z`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`,
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="90"/></filter></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<g filter="url(#soft)">${circles}</g>`,
    `<path d="${wave}" fill="${p.wave}" opacity="0.18"/>`,
    `</svg>`,
  ].join("");
}
