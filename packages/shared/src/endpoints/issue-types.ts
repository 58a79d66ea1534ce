import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

type ValuesAnswer = { property_id: string; values: string[] };

/**
 * Work item types, their custom properties and options (issue #29) under a project and a workspace prefix: the
 * app's (`issueTypeEndpoints`) and API v1's. A work item's values are under `issues/` (the app serves them under
 * `epics/` too, v1 under `work-items/`).
 */
export const issueTypeEndpointsAt = <TProject extends string, TWorkspace extends string>(
  project: TProject,
  workspace: TWorkspace,
) => ({
  list: endpoint("GET", `${project}/issue-types/`).answers<C.IssueType[]>(),
  create: endpoint("POST", `${project}/issue-types/`).sends<In<typeof C.createIssueTypeBody>>().answers<C.IssueType>(),
  get: endpoint("GET", `${project}/issue-types/:typeId/`).answers<C.IssueType>(),
  update: endpoint("PATCH", `${project}/issue-types/:typeId/`)
    .sends<In<typeof C.updateIssueTypeBody>>()
    .answers<C.IssueType>(),
  remove: endpoint("DELETE", `${project}/issue-types/:typeId/`).answers<void>(),

  properties: endpoint("GET", `${project}/issue-properties/`).answers<C.IssueProperty[]>(),
  typeProperties: endpoint("GET", `${project}/issue-types/:typeId/issue-properties/`).answers<C.IssueProperty[]>(),
  createProperty: endpoint("POST", `${project}/issue-types/:typeId/issue-properties/`)
    .sends<In<typeof C.createIssuePropertyBody>>()
    .answers<C.IssueProperty>(),
  property: endpoint("GET", `${project}/issue-properties/:propertyId/`).answers<C.IssueProperty>(),
  updateProperty: endpoint("PATCH", `${project}/issue-properties/:propertyId/`)
    .sends<In<typeof C.updateIssuePropertyBody>>()
    .answers<C.IssueProperty>(),
  removeProperty: endpoint("DELETE", `${project}/issue-properties/:propertyId/`).answers<void>(),
  typeProperty: endpoint(
    "GET",
    `${project}/issue-types/:typeId/issue-properties/:propertyId/`,
  ).answers<C.IssueProperty>(),
  updateTypeProperty: endpoint("PATCH", `${project}/issue-types/:typeId/issue-properties/:propertyId/`)
    .sends<In<typeof C.updateIssuePropertyBody>>()
    .answers<C.IssueProperty>(),
  removeTypeProperty: endpoint(
    "DELETE",
    `${project}/issue-types/:typeId/issue-properties/:propertyId/`,
  ).answers<void>(),

  options: endpoint("GET", `${project}/issue-properties/:propertyId/options/`).answers<C.IssuePropertyOption[]>(),
  createOption: endpoint("POST", `${project}/issue-properties/:propertyId/options/`)
    .sends<In<typeof C.createPropertyOptionBody>>()
    .answers<C.IssuePropertyOption>(),
  updateOption: endpoint("PATCH", `${project}/issue-properties/:propertyId/options/:optionId/`)
    .sends<In<typeof C.updatePropertyOptionBody>>()
    .answers<C.IssuePropertyOption>(),
  removeOption: endpoint("DELETE", `${project}/issue-properties/:propertyId/options/:optionId/`).answers<void>(),

  values: endpoint("GET", `${project}/issues/:issueId/issue-properties/values/`).answers<C.PropertyValues>(),
  value: endpoint("GET", `${project}/issues/:issueId/issue-properties/:propertyId/values/`).answers<ValuesAnswer>(),
  setValue: endpoint("POST", `${project}/issues/:issueId/issue-properties/:propertyId/values/`)
    .sends<In<typeof C.propertyValueBody>>()
    .answers<ValuesAnswer>(),
  replaceValue: endpoint("PUT", `${project}/issues/:issueId/issue-properties/:propertyId/values/`)
    .sends<In<typeof C.propertyValueBody>>()
    .answers<ValuesAnswer>(),

  /** Types shared across the workspace (no `is_default` there). */
  workspaceList: endpoint("GET", `${workspace}/issue-types/`).answers<C.IssueType[]>(),
  workspaceCreate: endpoint("POST", `${workspace}/issue-types/`)
    .sends<Omit<In<typeof C.createIssueTypeBody>, "is_default">>()
    .answers<C.IssueType>(),
  workspaceUpdate: endpoint("PATCH", `${workspace}/issue-types/:typeId/`)
    .sends<Omit<In<typeof C.updateIssueTypeBody>, "is_default">>()
    .answers<C.IssueType>(),
  workspaceRemove: endpoint("DELETE", `${workspace}/issue-types/:typeId/`).answers<void>(),
  workspaceTypeProperties: endpoint("GET", `${workspace}/issue-types/:typeId/issue-properties/`).answers<
    C.IssueProperty[]
  >(),
  workspaceCreateProperty: endpoint("POST", `${workspace}/issue-types/:typeId/issue-properties/`)
    .sends<In<typeof C.createIssuePropertyBody>>()
    .answers<C.IssueProperty>(),
  workspaceUpdateProperty: endpoint("PATCH", `${workspace}/issue-properties/:propertyId/`)
    .sends<In<typeof C.updateIssuePropertyBody>>()
    .answers<C.IssueProperty>(),
  workspaceRemoveProperty: endpoint("DELETE", `${workspace}/issue-properties/:propertyId/`).answers<void>(),
  workspaceCreateOption: endpoint("POST", `${workspace}/issue-properties/:propertyId/options/`)
    .sends<In<typeof C.createPropertyOptionBody>>()
    .answers<C.IssuePropertyOption>(),
  workspaceUpdateOption: endpoint("PATCH", `${workspace}/issue-properties/:propertyId/options/:optionId/`)
    .sends<In<typeof C.updatePropertyOptionBody>>()
    .answers<C.IssuePropertyOption>(),
  workspaceRemoveOption: endpoint(
    "DELETE",
    `${workspace}/issue-properties/:propertyId/options/:optionId/`,
  ).answers<void>(),
});
export const issueTypeEndpoints = issueTypeEndpointsAt(PROJECT_API, WORKSPACE_API);
