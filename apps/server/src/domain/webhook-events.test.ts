import { describe, expect, it } from "vitest";
import { eventsOfActivity, rowChanges, type ActivityLike } from "./webhook-events.ts";

const row = (o: Partial<ActivityLike>): ActivityLike => ({
  issueId: "i1",
  workspaceId: "w1",
  actorId: "u1",
  verb: "updated",
  field: null,
  oldValue: null,
  newValue: null,
  oldIdentifier: null,
  newIdentifier: null,
  issueCommentId: null,
  ...o,
});

describe("eventsOfActivity", () => {
  it("a created item is one created event, whatever else its creation recorded", () => {
    expect(
      eventsOfActivity([row({ verb: "created" }), row({ verb: "updated", field: "cycles", newIdentifier: "c1" })]),
    ).toEqual([
      { workspace_id: "w1", actor_id: "u1", event: "issue", action: "created", entity_id: "i1", changes: [] },
    ]);
  });

  it("each changed field is a change of one updated event; quiet fields are left out", () => {
    const [e] = eventsOfActivity([
      row({ field: "name", oldValue: "a", newValue: "b" }),
      row({ field: "labels", newValue: "Bug", newIdentifier: "l1" }),
      row({ field: "sort_order", newValue: "5" }),
      row({ field: "reaction", verb: "created", newValue: "👍" }),
    ]);
    expect(e.action).toBe("updated");
    expect(e.changes).toEqual([
      { field: "name", old_value: "a", new_value: "b", old_identifier: null, new_identifier: null },
      { field: "labels", old_value: null, new_value: "Bug", old_identifier: null, new_identifier: "l1" },
    ]);
  });

  it("comments are issue_comment events of the comment; a deleted item is one deleted event", () => {
    expect(
      eventsOfActivity([row({ verb: "created", field: "comment", newValue: "<p>x</p>", issueCommentId: "c9" })]),
    ).toEqual([
      { workspace_id: "w1", actor_id: "u1", event: "issue_comment", action: "created", entity_id: "c9", changes: [] },
    ]);
    expect(
      eventsOfActivity([row({ verb: "deleted", field: "issue" }), row({ issueId: "i2", field: "sub_issue" })]),
    ).toEqual([
      { workspace_id: "w1", actor_id: "u1", event: "issue", action: "deleted", entity_id: "i1", changes: [] },
    ]);
  });
});

describe("rowChanges", () => {
  it("lists the columns that differ, by column name, without bookkeeping", () => {
    const d = new Date("2026-01-01T00:00:00Z");
    expect(
      rowChanges(
        { name: "A", project_lead: null, updated_at: d, start_date: d, logo_props: { a: 1 } },
        { name: "B", project_lead: "u2", updated_at: new Date(), start_date: new Date(d), logo_props: { a: 1 } },
      ),
    ).toEqual([
      { field: "name", old_value: "A", new_value: "B", old_identifier: null, new_identifier: null },
      { field: "project_lead", old_value: null, new_value: "u2", old_identifier: null, new_identifier: null },
    ]);
  });
});
