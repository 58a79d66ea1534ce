import type { StickyColor } from "@stride/shared";

/** The sticky colours (the stored `background_color` key → its name and classes). */
export const STICKY_COLOR_STYLES: Record<StickyColor, { label: string; className: string; swatch: string }> = {
  gray: { label: "Gray", className: "bg-fill", swatch: "bg-fill-strong" },
  peach: { label: "Peach", className: "bg-warning-soft", swatch: "bg-orange-200" },
  pink: { label: "Pink", className: "bg-special-soft", swatch: "bg-pink-300" },
  orange: { label: "Orange", className: "bg-warning-soft", swatch: "bg-amber-300" },
  green: { label: "Green", className: "bg-success-soft", swatch: "bg-green-300" },
  "light-blue": { label: "Light blue", className: "bg-info-soft", swatch: "bg-sky-300" },
  "dark-blue": { label: "Dark blue", className: "bg-info-soft", swatch: "bg-blue-500" },
  purple: { label: "Purple", className: "bg-special-soft", swatch: "bg-violet-300" },
};

export function stickyColor(key: string | null | undefined) {
  return STICKY_COLOR_STYLES[(key ?? "gray") as StickyColor] ?? STICKY_COLOR_STYLES.gray;
}
