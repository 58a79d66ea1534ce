import { PopoverPanel, cx, usePopover } from "../ui/index.ts";
import { Icon } from "./icons.tsx";

/** Reactions are emoji code points as decimal strings (wire-facts §6.4, e.g. "128077" = 👍). */
export const REACTIONS: { code: string; name: string }[] = [
  { code: "128077", name: "thumbs up" },
  { code: "128078", name: "thumbs down" },
  { code: "128516", name: "smile" },
  { code: "127881", name: "party" },
  { code: "128533", name: "confused" },
  { code: "10084", name: "heart" },
  { code: "128640", name: "rocket" },
  { code: "128064", name: "eyes" },
];

export function emoji(code: string): string {
  const parts = code
    .split(/[-_ ]/)
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0 && n <= 0x10ffff);
  if (parts.length === 0) return code;
  try {
    return String.fromCodePoint(...parts);
  } catch {
    return code;
  }
}

export interface ReactionLike {
  reaction: string;
  actor: string;
  display_name?: string | null;
}

/** Grouped reactions with counts (yours highlighted, click toggles) and a picker to add one. */
export function ReactionBar({
  reactions,
  me,
  onToggle,
  label,
  nameOf,
  disabled,
}: {
  reactions: ReactionLike[];
  me: string | null;
  onToggle: (code: string, remove: boolean) => void;
  label: string;
  nameOf?: (id: string) => string | null | undefined;
  disabled?: boolean;
}) {
  const groups = new Map<string, ReactionLike[]>();
  for (const r of reactions) groups.set(r.reaction, [...(groups.get(r.reaction) ?? []), r]);
  const mine = (code: string) => !!me && (groups.get(code) ?? []).some((r) => r.actor === me);
  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label={label}>
      {[...groups.entries()].map(([code, rs]) => {
        const on = mine(code);
        const who = rs.map((r) => r.display_name ?? nameOf?.(r.actor) ?? "someone").join(", ");
        const name = REACTIONS.find((x) => x.code === code)?.name ?? "reaction";
        return (
          <button
            key={code}
            type="button"
            disabled={disabled}
            aria-pressed={on}
            aria-label={`${name} ${rs.length}`}
            title={who}
            onClick={() => onToggle(code, on)}
            className={cx(
              "inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs",
              on ? "border-accent-line bg-accent-soft text-accent" : "border-line-raised hover:bg-fill",
            )}
          >
            <span aria-hidden>{emoji(code)}</span>
            {rs.length}
          </button>
        );
      })}
      {!disabled && <ReactionPicker label={label} onPick={(code) => onToggle(code, mine(code))} />}
    </div>
  );
}

/** "Add reaction": a popover of the reactions to choose from. */
function ReactionPicker({ label, onPick }: { label: string; onPick: (code: string) => void }) {
  const pop = usePopover();
  return (
    <>
      <button
        type="button"
        aria-label={`Add reaction to ${label.toLowerCase()}`}
        title="Add reaction"
        {...pop.triggerProps}
        className="inline-flex h-6 items-center rounded-full border border-line-raised px-1.5 text-fg-subtle hover:bg-fill"
      >
        <Icon name="smile" size={14} />
      </button>
      {pop.open && (
        <PopoverPanel t={pop} label="Pick a reaction">
          <div className="flex gap-0.5 p-1">
            {REACTIONS.map((r) => (
              <button
                key={r.code}
                type="button"
                aria-label={r.name}
                title={r.name}
                onClick={() => {
                  pop.close(true);
                  onPick(r.code);
                }}
                className="rounded p-1 text-lg hover:bg-fill"
              >
                {emoji(r.code)}
              </button>
            ))}
          </div>
        </PopoverPanel>
      )}
    </>
  );
}
