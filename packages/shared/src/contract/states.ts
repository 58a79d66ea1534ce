import { z } from "zod";
import { STATE_GROUPS } from "../constants.ts";
import { choice, color, MSG, number, requiredText, text } from "./fields.ts";

// ---------------------------------------------------------------- request bodies

export const STATE_NAME_MAX = 255;

const stateColor = () => color().refine((c) => c.length > 0, MSG.blank);

/** POST P/states/. */
export const createStateBody = z.object({
  name: requiredText(STATE_NAME_MAX),
  color: stateColor(),
  group: choice(STATE_GROUPS).optional(),
  description: text(10000).optional(),
  sequence: number().optional(),
});
export type CreateStateBody = z.infer<typeof createStateBody>;

/** PATCH P/states/{id}/. */
export const updateStateBody = createStateBody.partial();
export type UpdateStateBody = z.infer<typeof updateStateBody>;

// ---------------------------------------------------------------- responses

/** State (wire-facts §5); `order` = rank within its group (1-based) / group size, per project. */
export interface State {
  id: string;
  project_id: string;
  workspace_id: string;
  name: string;
  color: string;
  /** A state group, or "triage" for the intake state. */
  group: string;
  default: boolean;
  description: string;
  sequence: number;
  order: number;
}

/** `GET P/states/?grouped=true`: the states by group, in the fixed group order. */
export type GroupedStates = Record<string, State[]>;
