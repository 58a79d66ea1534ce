import { z } from "zod";
import { ROLE_VALUES } from "@stride/shared";
import { choice, uuidField, uuidParam } from "../projects/fields.ts";

export const memberParams = z.object({ slug: z.string(), projectId: uuidParam, memberId: z.string() });

const role = choice(ROLE_VALUES);

export const addMembersBody = z.object({
  members: z
    .array(z.object({ member_id: uuidField(), role: role.optional() }), {
      error: (iss) => (iss.input === undefined ? "This field is required." : "Expected a list of items."),
    })
    .max(500, "Ensure this field has no more than 500 elements."),
});
export type AddMembersInput = z.infer<typeof addMembersBody>;

export const updateMemberBody = z.object({ role });
export type UpdateMemberInput = z.infer<typeof updateMemberBody>;
