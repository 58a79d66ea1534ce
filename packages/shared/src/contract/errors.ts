import type { z } from "zod";

/**
 * The DRF error body of a body that failed its schema: `{"field": ["message", …]}`, nested fields named by
 * their dotted path (`members.0.role`), errors of the body as a whole under `non_field_errors`. The server answers
 * 400 with it; a client shows the same messages under its fields.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "non_field_errors";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
