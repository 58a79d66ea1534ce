import { createContext, useContext } from "react";
import type { Role } from "@stride/shared";
import type { Workspace } from "../../api/types.ts";

export interface CurrentWorkspace {
  slug: string;
  role: Role;
  workspace: Workspace;
}
/** Provided by WorkspaceLayout to the screens of the workspace shell. */
export const WorkspaceContext = createContext<CurrentWorkspace | null>(null);

/** The current workspace (slug, the caller's role, the workspace row); only inside the workspace shell. */
export function useCurrentWorkspace(): CurrentWorkspace {
  const c = useContext(WorkspaceContext);
  if (!c) throw new Error("useCurrentWorkspace outside WorkspaceLayout");
  return c;
}
