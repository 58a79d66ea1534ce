import { z } from "zod";
import { STATE_GROUPS } from "@stride/shared";
import { choice, color, number, optionalText, requiredText, uuidParam } from "../projects/fields.ts";

export const STATE_NAME_MAX = 255;

export const stateParams = z.object({ slug: z.string(), projectId: uuidParam, stateId: uuidParam });

export const listStatesQuery = z.object({ grouped: z.string().optional() });

export const createStateBody = z.object({
  name: requiredText(STATE_NAME_MAX),
  color: color().refine((c) => c.length > 0, "This field may not be blank."),
  group: choice(STATE_GROUPS).optional(),
  description: optionalText(10000).optional(),
  sequence: number().optional(),
});
export type CreateStateInput = z.infer<typeof createStateBody>;

export const updateStateBody = z.object({
  name: requiredText(STATE_NAME_MAX).optional(),
  color: color().refine((c) => c.length > 0, "This field may not be blank.").optional(),
  group: choice(STATE_GROUPS).optional(),
  description: optionalText(10000).optional(),
  sequence: number().optional(),
});
export type UpdateStateInput = z.infer<typeof updateStateBody>;
