import { projectParams } from "../../http/fields.ts";
import { z } from "zod";

export {
  addProjectMembersBody,
  joinProjectsBody,
  updateProjectMemberBody,
  type AddProjectMembersBody,
} from "@stride/shared/contract";

/** `memberId` is a membership id or a user id (checked by the command, so a bad one is the spec's 404 body). */
export const memberParams = projectParams.extend({ memberId: z.string() });
