import { type CommitExecutionBody } from "@stride/shared/contract";
import { schemaCheck } from "../../lib/settings-form.ts";

export interface CommitValues {
  message: string;
}

/** The request body for the artifact: the message only when one is written (else the server words it). */
export const commitBodyOf =
  (artifactId: string) =>
  (v: CommitValues): CommitExecutionBody => ({
    artifact_id: artifactId,
    ...(v.message.trim() ? { message: v.message.trim() } : {}),
  });

/** The commit form's check: the server's own body schema. */
export const commitCheck = (artifactId: string) => schemaCheck((c) => c.commitExecutionBody, commitBodyOf(artifactId));

export interface FollowUpValues {
  content: string;
}

/** A follow-up's request body: the message to the same execution (and its work item), which runs again. */
export const followUpBodyOf = (executionId: string, issueId: string | null) => (v: FollowUpValues) => ({
  execution_config: {},
  content: v.content.trim(),
  execution_id: executionId,
  ...(issueId ? { issue_id: issueId } : {}),
  tags: [],
});

/** The follow-up form's check: the server's own body schema. */
export const followUpCheck = (executionId: string, issueId: string | null) =>
  schemaCheck((c) => c.executeBody, followUpBodyOf(executionId, issueId));
