/** Numeric roles used at workspace and project level (work-tracking.md §6). */
export const ROLE = { GUEST: 5, MEMBER: 15, ADMIN: 20 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_VALUES: readonly Role[] = [ROLE.GUEST, ROLE.MEMBER, ROLE.ADMIN];
export const ROLE_LABEL: Record<Role, string> = { 5: "Guest", 15: "Member", 20: "Admin" };

export function isRole(value: unknown): value is Role {
  return value === 5 || value === 15 || value === 20;
}

/** A project role at or above member may act; lower is guest-like. */
export function canAct(role: number | null | undefined): boolean {
  return (role ?? 0) >= ROLE.MEMBER;
}

export function hasRole(role: number | null | undefined, min: Role): boolean {
  return (role ?? 0) >= min;
}
