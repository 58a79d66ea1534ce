// The people a response names, as the other contract modules use them (a leaf: users.ts re-exports them).

/** User-lite (wire-facts §0): what any workspace member may see of another. */
export interface UserLite {
  id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  avatar_url: string | null;
  is_bot: boolean;
  display_name: string;
}

/** User-lite plus email and last login medium (for admin and member callers). */
export interface UserAdminLite extends UserLite {
  email: string;
  last_login_medium: string;
}
