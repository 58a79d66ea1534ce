import { PROJECT_IDENTIFIER_MAX, RESERVED_PROJECT_IDENTIFIERS, isCoverImageUrl } from "@stride/shared";

/** Project list orderings of work-tracking.md §9 (a leading "-" is descending). */
export const PROJECT_ORDER_OPTIONS = [
  { value: "sort_order", label: "Manual" },
  { value: "name", label: "Name" },
  { value: "created_at", label: "Created date" },
  { value: "members_length", label: "Number of members" },
] as const;
export type ProjectOrderKey = (typeof PROJECT_ORDER_OPTIONS)[number]["value"];
export type ProjectOrderBy = ProjectOrderKey | `-${ProjectOrderKey}`;
export const DEFAULT_PROJECT_ORDER: ProjectOrderBy = "created_at";

export interface SortableProject {
  id: string;
  name: string;
  sort_order: number | null;
  created_at: string;
  members?: string[];
  member_role: number | null;
  archived_at: string | null;
  identifier: string;
}

function compare(a: SortableProject, b: SortableProject, key: ProjectOrderKey): number {
  switch (key) {
    case "name":
      return a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
    case "created_at":
      return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
    case "members_length":
      return (a.members?.length ?? 0) - (b.members?.length ?? 0);
    case "sort_order": {
      // Projects without a personal sort_order (not joined) go last.
      if (a.sort_order === null && b.sort_order === null) return 0;
      if (a.sort_order === null) return 1;
      if (b.sort_order === null) return -1;
      return a.sort_order - b.sort_order;
    }
  }
}

export function sortProjects<T extends SortableProject>(list: readonly T[], orderBy: ProjectOrderBy): T[] {
  const desc = orderBy.startsWith("-");
  const key = orderBy.replace(/^-/, "") as ProjectOrderKey;
  return [...list].sort((a, b) => {
    const c = compare(a, b, key);
    if (c !== 0) return desc ? -c : c;
    return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  });
}

export interface ProjectFilters {
  myProjects: boolean;
  archived: boolean;
  search: string;
}

/**
 * "My projects" hides projects where the caller has no role; archived projects show only under the
 * archived filter (and then only archived ones); search matches name and identifier.
 */
export function filterProjects<T extends SortableProject>(list: readonly T[], f: ProjectFilters): T[] {
  const q = f.search.trim().toLowerCase();
  return list.filter((p) => {
    if (f.archived ? !p.archived_at : !!p.archived_at) return false;
    if (f.myProjects && !p.member_role) return false;
    if (q && !p.name.toLowerCase().includes(q) && !p.identifier.toLowerCase().includes(q)) return false;
    return true;
  });
}

/** Identifier suggested from a project name: its letters and digits, upper-cased, at most 5. */
export function deriveIdentifier(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 5);
}

/** Client-side identifier check (the server has the final word). */
export function identifierError(identifier: string): string | undefined {
  if (!identifier) return "Identifier is required.";
  if (identifier.length > PROJECT_IDENTIFIER_MAX) return `At most ${PROJECT_IDENTIFIER_MAX} characters.`;
  if (!/^[A-Z0-9]+$/.test(identifier)) return "Only upper-case letters and digits.";
  if (RESERVED_PROJECT_IDENTIFIERS.includes(identifier)) return "This identifier is reserved.";
  return undefined;
}

/**
 * Client-side checks of the project form (create and settings), keyed by the server's field names.
 * Screens run it on every change once the user has tried to submit, so an error disappears as soon
 * as its field becomes valid.
 */
export function projectFormErrors(f: {
  name: string;
  identifier: string;
  cover_image: string;
}): Record<string, string> {
  const errs: Record<string, string> = {};
  if (!f.name.trim()) errs.name = "Name is required.";
  const idErr = identifierError(f.identifier);
  if (idErr) errs.identifier = idErr;
  // an http(s) URL, or a path of this server (a cover Stride ships, an uploaded one)
  if (f.cover_image && !(isCoverImageUrl(f.cover_image) && /^(https?:\/\/|\/[^/])/.test(f.cover_image)))
    errs.cover_image = "Enter an http(s) image URL.";
  return errs;
}
