/** Numeric roles used at workspace and project level (work-tracking.md §6). */
export const ROLE = { GUEST: 5, MEMBER: 15, ADMIN: 20 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_VALUES: readonly Role[] = [ROLE.GUEST, ROLE.MEMBER, ROLE.ADMIN];
export const ROLE_LABEL: Record<Role, string> = { 5: "Guest", 15: "Member", 20: "Admin" };

/** The label of a numeric role: the nearest role at or below it ("Guest" below guest). */
export function roleLabel(role: number | null | undefined): string {
  const r = role ?? 0;
  return ROLE_LABEL[r >= ROLE.ADMIN ? ROLE.ADMIN : r >= ROLE.MEMBER ? ROLE.MEMBER : ROLE.GUEST];
}

export function isRole(value: unknown): value is Role {
  return value === 5 || value === 15 || value === 20;
}

/**
 * The roles someone whose own role (or cap) is `max` may give, highest first: nobody assigns a role above their
 * own, and a project role cannot exceed the person's workspace role.
 */
export function rolesUpTo(max: number | null | undefined): Role[] {
  return ROLE_VALUES.filter((r) => r <= (max ?? 0)).reverse();
}
