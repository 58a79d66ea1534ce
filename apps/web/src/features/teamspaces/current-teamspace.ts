import { createContext, useContext } from "react";
import type { Teamspace } from "../../api/teamspaces.ts";
import type { Project } from "../../api/types.ts";

export interface CurrentTeamspace {
  slug: string;
  teamspace: Teamspace;
  /** The teamspace's projects the caller is a member of (live): what its lists and overview span. */
  projects: Project[];
}
/** Provided by TeamspaceLayout to a teamspace's screens (overview, work items, views). */
export const TeamspaceContext = createContext<CurrentTeamspace | null>(null);

/** The current teamspace; only inside TeamspaceLayout. */
export function useCurrentTeamspace(): CurrentTeamspace {
  const c = useContext(TeamspaceContext);
  if (!c) throw new Error("useCurrentTeamspace outside TeamspaceLayout");
  return c;
}
