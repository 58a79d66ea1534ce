import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** A person's home widgets and sidebar pins, created with their defaults on first read (wire-facts §9). */
export const preferenceEndpoints = {
  homeList: endpoint("GET", `${WORKSPACE_API}/home-preferences/`).answers<C.HomePreference[]>(),
  homeUpdate: endpoint("PATCH", `${WORKSPACE_API}/home-preferences/:key/`)
    .sends<In<typeof C.homePreferencePatchBody>>()
    .answers<Omit<C.HomePreference, "config">>(),
  sidebarList: endpoint("GET", `${WORKSPACE_API}/sidebar-preferences/`).answers<C.SidebarPreferences>(),
  sidebarUpdateAll: endpoint("PATCH", `${WORKSPACE_API}/sidebar-preferences/`)
    .sends<In<typeof C.sidebarPreferencesBulkBody>>()
    .answers<{ message: string }>(),
  sidebarUpdate: endpoint("PATCH", `${WORKSPACE_API}/sidebar-preferences/:key/`)
    .sends<In<typeof C.sidebarPreferencePatchBody>>()
    .answers<C.SidebarPreference>(),
};
