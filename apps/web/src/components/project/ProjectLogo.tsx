import {
  Circle,
  Diamond,
  Flag,
  Heart,
  Rocket,
  Settings,
  Square,
  Star,
  Triangle,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { LogoProps } from "../../api/types.ts";

/** A project's emoji or icon logo (logo_props), falling back to its identifier's first letter. */
export function ProjectLogo({
  project,
  size = "sm",
}: {
  project: { name: string; identifier?: string; logo_props?: LogoProps | null };
  size?: "sm" | "lg";
}) {
  const lp = project.logo_props ?? {};
  const dim = size === "lg" ? "h-10 w-10 text-2xl" : "h-5 w-5 text-sm";
  if (lp.in_use === "emoji" && lp.emoji?.value) {
    return (
      <span aria-hidden className={`inline-flex shrink-0 items-center justify-center ${dim}`}>
        {emojiFromValue(lp.emoji.value)}
      </span>
    );
  }
  if (lp.in_use === "icon" && lp.icon?.name) {
    const Glyph = ICONS[lp.icon.name] ?? Square;
    return (
      <span
        aria-hidden
        className={`inline-flex shrink-0 items-center justify-center rounded ${dim}`}
        style={{ color: lp.icon.color ?? "#6366f1" }}
      >
        <Glyph size={size === "lg" ? 28 : 14} strokeWidth={2} aria-hidden focusable="false" />
      </span>
    );
  }
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded bg-fill-strong font-semibold text-fg-secondary ${size === "lg" ? "h-10 w-10 text-base" : "h-5 w-5 text-[10px]"}`}
    >
      {(project.identifier ?? project.name).charAt(0).toUpperCase()}
    </span>
  );
}

/** Icons offered in the logo picker, by name (lucide: Unicode symbols would turn into colour emoji). */
export const ICONS: Record<string, LucideIcon> = {
  square: Square,
  circle: Circle,
  triangle: Triangle,
  diamond: Diamond,
  star: Star,
  heart: Heart,
  bolt: Zap,
  flag: Flag,
  rocket: Rocket,
  gear: Settings,
};

/** Emojis offered in the logo picker. Stored as decimal code points joined by '-' (Plane's format). */
export const EMOJIS = ["🚀", "📦", "🎯", "🛠️", "📈", "🧪", "💡", "🐛", "📚", "🌱", "🔥", "⭐"];

export function emojiToValue(e: string): string {
  return Array.from(e)
    .map((c) => c.codePointAt(0)!.toString())
    .join("-");
}

/** The emoji set as toggle buttons (aria-pressed), the chosen one ringed; `onPick` gets the emoji's stored value. */
export function EmojiButtons({ chosen, onPick }: { chosen: string; onPick: (value: string) => void }) {
  return (
    <>
      {EMOJIS.map((em) => {
        const value = emojiToValue(em);
        return (
          <button
            key={em}
            type="button"
            aria-pressed={chosen === value}
            aria-label={`Emoji ${em}`}
            onClick={() => onPick(value)}
            className={`h-8 w-8 rounded text-lg ${chosen === value ? "bg-accent-soft ring-2 ring-indigo-500" : "hover:bg-fill"}`}
          >
            {em}
          </button>
        );
      })}
    </>
  );
}

export function emojiFromValue(v: string): string {
  if (!/^\d+(-\d+)*$/.test(v)) return v;
  try {
    return String.fromCodePoint(...v.split("-").map(Number));
  } catch {
    return v;
  }
}
