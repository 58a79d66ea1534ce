export { presentUserProperties, presentWorkspaceUserProperties } from "../../core/user-properties.ts";
