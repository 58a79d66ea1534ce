import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT } from "./v1-paths.ts";

const STATES = `${V1_PROJECT}/states/` as const;
const LABELS = `${V1_PROJECT}/labels/` as const;
/** Also answered under `project-members/` (aliases). */
const MEMBERS = `${V1_PROJECT}/members/` as const;

/**
 * v1 states, labels and members of one project (wire-facts §12). A list given both `external_id` and
 * `external_source` answers the one object they name instead of a page. Members are a plain array of user-lite
 * objects.
 */
export const v1ProjectEndpoints = {
  states: endpoint("GET", STATES).answers<C.V1Page | C.V1Object>(),
  createState: endpoint("POST", STATES).sends<In<typeof C.v1StateCreateBody>>().answers<C.V1Object>(),
  state: endpoint("GET", `${STATES}:stateId/`).answers<C.V1Object>(),
  updateState: endpoint("PATCH", `${STATES}:stateId/`).sends<In<typeof C.v1StateUpdateBody>>().answers<C.V1Object>(),
  removeState: endpoint("DELETE", `${STATES}:stateId/`).answers<void>(),
  labels: endpoint("GET", LABELS).answers<C.V1Page | C.V1Object>(),
  createLabel: endpoint("POST", LABELS).sends<In<typeof C.createLabelBody>>().answers<C.V1Object>(),
  label: endpoint("GET", `${LABELS}:labelId/`).answers<C.V1Object>(),
  updateLabel: endpoint("PATCH", `${LABELS}:labelId/`).sends<In<typeof C.updateLabelBody>>().answers<C.V1Object>(),
  removeLabel: endpoint("DELETE", `${LABELS}:labelId/`).answers<void>(),
  members: endpoint("GET", MEMBERS).answers<C.V1Object[]>(),
  addMember: endpoint("POST", MEMBERS).sends<In<typeof C.v1ProjectMemberBody>>().answers<C.V1ProjectMembership>(),
  removeMember: endpoint("DELETE", `${MEMBERS}:memberId/`).answers<void>(),
};
