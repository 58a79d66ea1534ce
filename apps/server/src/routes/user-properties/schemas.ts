export { displayPropertiesPost, userPropertiesPatch, workspaceUserPropertiesPatch } from "@stride/shared/contract";
