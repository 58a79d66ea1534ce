/**
 * Declarative authorization: the permission table and its two-phase decision live once in `@stride/shared`
 * (`permissions.ts`), where the web's `useCan` reads them too. Routes declare an entry of `PERMISSIONS`
 * (`policy: PERMISSIONS.workItem.delete`) or, for what no entity action names, a policy of `POLICIES`; the route
 * pipeline runs the gate before validation and the entity rule after `load`. Handlers keep only data-dependent
 * rules (e.g. "can't assign a role above your own").
 */
export {
  POLICIES,
  PERMISSIONS,
  allows,
  canSeeWorkItem,
  gateRefusal,
  seesOnlyOwnWorkItems,
  type GateRefusal,
  type Policy,
  type RoleContext,
} from "@stride/shared";
