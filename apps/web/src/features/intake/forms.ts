// The shared request-body schema checks the form as the server will (issue #26 point 5: forms on the shared schemas).
import { type Priority } from "@stride/shared/contract";
import { escapeHtml } from "../../lib/html.ts";
import { schemaCheck } from "../../lib/settings-form.ts";

/** The new-request dialog's fields. */
export interface RequestValues {
  name: string;
  text: string;
  priority: Priority;
}

/** The work item the request files: its title, its text as paragraphs, its priority. */
export const requestBody = (v: RequestValues) => ({
  name: v.name.trim(),
  description_html: v.text.trim()
    ? v.text
        .split(/\n+/)
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join("")
    : undefined,
  priority: v.priority,
});

/** Checked as the server checks the request's work item (`issue` of the create body). */
export const checkRequest = schemaCheck((c) => c.intakeBodies(c.htmlText).create.shape.issue, requestBody, undefined, {
  description_html: "text",
});

/** Midnight (local) of a yyyy-MM-dd day, or null for none. */
export const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`) : null);

export const PAST_DAY = "Pick a day in the future.";

/** The snooze dialog's own day: checked as the PATCH's `snoozed_till`, and in the future. */
export const checkSnooze = schemaCheck(
  (c) => c.intakeBodies(c.htmlText).patch,
  (v: { day: string }) => ({ snoozed_till: dayStart(v.day)?.toISOString() }),
  (v): Record<string, string> => {
    const at = dayStart(v.day);
    return !at ? { day: "Pick a day." } : at.getTime() <= Date.now() ? { day: PAST_DAY } : {};
  },
  { snoozed_till: "day" },
);
