/** Password strength states (platform.md §4). The score comes from zxcvbn; ≥3 is strong enough. */
export type PasswordStrength = "empty" | "length_not_valid" | "strength_not_valid" | "strength_valid";
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_SCORE = 3;

export function passwordStrength(password: string, score: number): PasswordStrength {
  if (!password) return "empty";
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return "length_not_valid";
  if (score < PASSWORD_MIN_SCORE) return "strength_not_valid";
  return "strength_valid";
}
