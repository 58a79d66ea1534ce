import { createContext, useContext } from "react";
import type { Role } from "@stride/shared";
import type { Project } from "../../api/types.ts";

export interface CurrentProject {
  slug: string;
  projectId: string;
  project: Project;
  role: Role | null;
  projectRole: Role | null;
}
/** Provided by ProjectLayout to the project's screens. */
export const ProjectContext = createContext<CurrentProject | null>(null);

/**
 * The current project: its full object, the caller's effective role (workspace admins count as
 * admins) and the raw project role. Only inside ProjectLayout.
 */
export function useCurrentProject(): CurrentProject {
  const c = useContext(ProjectContext);
  if (!c) throw new Error("useCurrentProject outside ProjectLayout");
  return c;
}
