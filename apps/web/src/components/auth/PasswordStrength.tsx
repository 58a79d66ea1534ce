import { useEffect, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { passwordStrength, PASSWORD_MIN_LENGTH, type PasswordStrength } from "@stride/shared";
import { cx } from "../ui/cx.ts";

/**
 * The zxcvbn scorer (dictionaries ≈ 700 KB) is loaded on demand, only by the screens that set a
 * password, so it stays out of the first-load bundle. The module is imported by path because the
 * `@stride/shared` entry point is also used synchronously (the server enforces the same rule).
 */
type Scorer = typeof import("../../../../../packages/shared/src/password-score.ts");

let scorer: Scorer | null = null;
let loading: Promise<Scorer> | null = null;

/** Starts (once) loading the scorer; resolves with it. A failed load may be retried. */
export function loadPasswordScorer(): Promise<Scorer> {
  loading ??= import("../../../../../packages/shared/src/password-score.ts").then(
    (m) => (scorer = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

export interface StrengthResult {
  /** One of the four states of platform.md §4, or null while the scorer is still loading and the length is fine. */
  state: PasswordStrength | null;
  score: number;
}

function compute(s: Scorer | null, password: string, inputs: string[]): StrengthResult {
  // Empty / length checks need no score.
  const early = passwordStrength(password, 4);
  if (early !== "strength_valid") return { state: early, score: 0 };
  if (!s) return { state: null, score: 0 };
  const state = s.checkPasswordStrength(password, inputs);
  return { state, score: s.passwordScore(password, inputs) };
}

/** Strength of `password` for the meter; re-renders once the scorer has loaded (loading starts when `enabled`). */
export function usePasswordStrength(password: string, inputs: string[] = [], enabled = true): StrengthResult {
  const [, setLoaded] = useState(scorer !== null);
  useEffect(() => {
    if (scorer || !enabled) return;
    let live = true;
    loadPasswordScorer().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return compute(scorer, password, inputs);
}

/**
 * The strength state for a form submit: waits for the scorer if needed. If it cannot be loaded
 * (network), only the length rule is checked here and the server's check decides.
 */
export async function checkStrength(password: string, inputs: string[] = []): Promise<PasswordStrength> {
  const early = passwordStrength(password, 4);
  if (early !== "strength_valid") return early;
  try {
    const s = await loadPasswordScorer();
    return s.checkPasswordStrength(password, inputs);
  } catch {
    return early;
  }
}

/**
 * A form's strength check on submit: puts `message` on the password `field` when it is not strong enough (waiting
 * for the scorer as `checkStrength` does); true when it is.
 */
export async function strongEnough<T extends FieldValues>(
  form: UseFormReturn<T>,
  field: Path<T>,
  inputs: string[],
  message: string,
): Promise<boolean> {
  const ok = (await checkStrength(String(form.getValues(field)), inputs)) === "strength_valid";
  if (!ok) form.setError(field, { type: "validate", message });
  return ok;
}

const TEXT: Record<PasswordStrength, string> = {
  empty: "Enter a password.",
  length_not_valid: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  strength_not_valid: "Too weak: add words, numbers or symbols that are hard to guess.",
  strength_valid: "Strong password.",
};

/** Strength meter showing the four states of platform.md §4 (blank bars while the scorer loads). */
export function PasswordStrengthMeter({ strength }: { strength: StrengthResult }) {
  const { state, score } = strength;
  const bars =
    state === null || state === "empty"
      ? 0
      : state === "length_not_valid"
        ? 1
        : state === "strength_not_valid"
          ? Math.max(1, Math.min(score + 1, 3))
          : 4;
  const color =
    state === "strength_valid" ? "bg-green-500" : state === "strength_not_valid" ? "bg-amber-500" : "bg-red-500";
  return (
    <div data-strength={state ?? undefined} aria-live="polite" className="space-y-1">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={cx("h-1 flex-1 rounded", i < bars ? color : "bg-fill-strong")} />
        ))}
      </div>
      <p className={cx("text-xs", state === "strength_valid" ? "text-success" : "text-fg-subtle")}>
        {state ? TEXT[state] : "\u00a0"}
      </p>
    </div>
  );
}
