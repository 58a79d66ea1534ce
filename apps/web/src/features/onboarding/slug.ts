import { WORKSPACE_SLUG_MAX, WORKSPACE_SLUG_PATTERN, isReservedWorkspaceSlug } from "@stride/shared";

/** Slug suggested from a workspace name: lower-case, spaces to dashes, only [a-z0-9_-], ≤48. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9_-]/g, "")
    .slice(0, WORKSPACE_SLUG_MAX);
}

/** Client-side slug problems (before asking the server whether it is taken). */
export function slugProblem(slug: string): string | undefined {
  if (!slug) return "Workspace URL is required.";
  if (slug.length > WORKSPACE_SLUG_MAX) return `At most ${WORKSPACE_SLUG_MAX} characters.`;
  if (!WORKSPACE_SLUG_PATTERN.test(slug)) return "Use only letters, digits, - and _.";
  if (isReservedWorkspaceSlug(slug)) return "This URL is reserved. Choose another one.";
  return undefined;
}
