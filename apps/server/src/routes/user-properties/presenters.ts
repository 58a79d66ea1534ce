export { presentUserProperties, presentWorkspaceUserProperties } from "../../domain/user-properties.ts";
