export { displayPropertiesBody, displayPropertiesPost, displayFiltersBody, userPropertiesPatch, type UserPropertiesPatch } from "@stride/shared/contract";
