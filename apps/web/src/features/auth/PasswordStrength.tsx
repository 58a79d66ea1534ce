import { checkPasswordStrength, passwordScore, PASSWORD_MIN_LENGTH, type PasswordStrength } from "@stride/shared";
import { cx } from "../../components/ui/cx.ts";

export function strengthOf(password: string, inputs: string[] = []): { state: PasswordStrength; score: number } {
  const state = checkPasswordStrength(password, inputs);
  return { state, score: state === "empty" ? 0 : passwordScore(password, inputs) };
}

const TEXT: Record<PasswordStrength, string> = {
  empty: "Enter a password.",
  length_not_valid: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  strength_not_valid: "Too weak: add words, numbers or symbols that are hard to guess.",
  strength_valid: "Strong password.",
};

/** Strength meter showing the four states of platform.md §4. */
export function PasswordStrengthMeter({ password, inputs }: { password: string; inputs?: string[] }) {
  const { state, score } = strengthOf(password, inputs);
  const bars = state === "empty" ? 0 : state === "length_not_valid" ? 1 : state === "strength_not_valid" ? Math.max(1, Math.min(score + 1, 3)) : 4;
  const color = state === "strength_valid" ? "bg-green-500" : state === "strength_not_valid" ? "bg-amber-500" : "bg-red-500";
  return (
    <div data-strength={state} aria-live="polite" className="space-y-1">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={cx("h-1 flex-1 rounded", i < bars ? color : "bg-zinc-200 dark:bg-zinc-700")} />
        ))}
      </div>
      <p className={cx("text-xs", state === "strength_valid" ? "text-green-700 dark:text-green-400" : "text-zinc-500")}>{TEXT[state]}</p>
    </div>
  );
}
