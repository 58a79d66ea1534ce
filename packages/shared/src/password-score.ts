import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { passwordStrength, PASSWORD_MAX_LENGTH, type PasswordStrength } from "./password.ts";

/**
 * zxcvbn-ts scoring shared by the server (enforcement) and the web app (strength meter).
 * The factory (dictionaries, keyboard graphs) is built on first use.
 */
let factory: ZxcvbnFactory | null = null;
function getFactory(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...dictionary },
    graphs: adjacencyGraphs,
    useLevenshteinDistance: true,
  });
  return factory;
}

/** zxcvbn score 0–4 of a password (0 for empty). Over-long passwords are not scored (0). */
export function passwordScore(password: string, userInputs: string[] = []): number {
  if (!password || password.length > PASSWORD_MAX_LENGTH) return 0;
  return getFactory().check(password, userInputs).score;
}

/** The strength state of platform.md §4: empty / length_not_valid / strength_not_valid / strength_valid. */
export function checkPasswordStrength(
  password: string | null | undefined,
  userInputs: string[] = [],
): PasswordStrength {
  const p = password ?? "";
  const early = passwordStrength(p, 4);
  if (early !== "strength_valid") return early;
  return passwordStrength(p, passwordScore(p, userInputs));
}

/** True when the password may be set (state strength_valid). */
export function isPasswordStrong(password: string | null | undefined, userInputs: string[] = []): boolean {
  return checkPasswordStrength(password, userInputs) === "strength_valid";
}
