export {
  displayPropertiesBody,
  displayPropertiesPost,
  displayFiltersBody,
  userPropertiesPatch,
  workspaceUserPropertiesPatch,
  type UserPropertiesPatch,
} from "@stride/shared/contract";
