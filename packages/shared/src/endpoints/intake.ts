import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

type IntakeBodies = ReturnType<typeof C.intakeBodies>;
const ITEMS = `${PROJECT_API}/inbox-issues/` as const;

/**
 * Intake (wire-facts §8): the project's intake, its items (`inbox-issues/`, served at `intake-issues/` too; an item's
 * path takes its work item's id), the settings with the public form's anchor, and the public form (signed out).
 */
export const intakeEndpoints = {
  get: endpoint("GET", `${PROJECT_API}/intakes/`).answers<C.Intake>(),
  items: endpoint("GET", ITEMS).answers<C.Paginated<C.IntakeItem>>(),
  /** Answers 200 with the detail. */
  create: endpoint("POST", ITEMS).sends<In<IntakeBodies["create"]>>().answers<C.IntakeItemDetail>(),
  item: endpoint("GET", `${ITEMS}:issueId/`).answers<C.IntakeItemDetail>(),
  update: endpoint("PATCH", `${ITEMS}:issueId/`).sends<In<IntakeBodies["patch"]>>().answers<C.IntakeItemDetail>(),
  remove: endpoint("DELETE", `${ITEMS}:issueId/`).answers<void>(),
  settings: endpoint("GET", `${PROJECT_API}/intake-settings/`).answers<C.IntakeSettings>(),
  updateSettings: endpoint("PATCH", `${PROJECT_API}/intake-settings/`)
    .sends<In<typeof C.intakeSettingsBody>>()
    .answers<C.IntakeSettings>(),
  regenerateAnchor: endpoint("POST", `${PROJECT_API}/publish-intake-regenerate/`).answers<C.IntakeSettings>(),
  form: endpoint("GET", "/api/public/intake/:anchor/").answers<C.PublicIntakeForm>(),
  submitForm: endpoint("POST", "/api/public/intake/:anchor/")
    .sends<In<typeof C.publicIntakeBody>>()
    .answers<C.PublicIntakeSubmitted>(),
};
