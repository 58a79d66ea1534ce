import type { StickyColor } from "@stride/shared";

/** The sticky colours (the stored `background_color` key → its name and classes). */
export const STICKY_COLOR_STYLES: Record<StickyColor, { label: string; className: string; swatch: string }> = {
  gray: { label: "Gray", className: "bg-zinc-100 dark:bg-zinc-800", swatch: "bg-zinc-300" },
  peach: { label: "Peach", className: "bg-orange-50 dark:bg-orange-950/50", swatch: "bg-orange-200" },
  pink: { label: "Pink", className: "bg-pink-100 dark:bg-pink-950/50", swatch: "bg-pink-300" },
  orange: { label: "Orange", className: "bg-amber-100 dark:bg-amber-950/50", swatch: "bg-amber-300" },
  green: { label: "Green", className: "bg-green-100 dark:bg-green-950/50", swatch: "bg-green-300" },
  "light-blue": { label: "Light blue", className: "bg-sky-100 dark:bg-sky-950/50", swatch: "bg-sky-300" },
  "dark-blue": { label: "Dark blue", className: "bg-blue-200 dark:bg-blue-950", swatch: "bg-blue-500" },
  purple: { label: "Purple", className: "bg-violet-100 dark:bg-violet-950/50", swatch: "bg-violet-300" },
};

export function stickyColor(key: string | null | undefined) {
  return STICKY_COLOR_STYLES[(key ?? "gray") as StickyColor] ?? STICKY_COLOR_STYLES.gray;
}
