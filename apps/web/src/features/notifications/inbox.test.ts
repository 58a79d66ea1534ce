import { describe, expect, it } from "vitest";
import type { Notification, NotificationData } from "@stride/shared/contract";
import { describeNotification, notificationActor, notificationSubject } from "./inbox.ts";

const n = (activity: Partial<NotificationData["issue_activity"]>, extra: Partial<Notification> = {}) =>
  ({
    receiver: "me",
    is_mentioned_notification: false,
    triggered_by_details: { display_name: "ada" },
    data: {
      issue: {},
      issue_activity: {
        verb: "updated",
        field: null,
        new_value: null,
        old_value: null,
        new_identifier: null,
        old_identifier: null,
        ...activity,
      },
    },
    ...extra,
  }) as unknown as Notification;

describe("inbox row text", () => {
  it("says what happened and who did it", () => {
    expect(describeNotification(n({ field: "assignees", new_identifier: "me", new_value: "me" }))).toBe(
      "ada assigned you",
    );
    expect(describeNotification(n({ field: "priority", new_value: "high" }))).toBe("ada changed the priority to high");
    expect(describeNotification(n({ field: "target_date", new_value: "" }))).toBe("ada removed the due date");
    expect(describeNotification(n({ field: "comment", verb: "created" }))).toBe("ada commented");
    expect(describeNotification(n({ field: "comment", verb: "created" }, { is_mentioned_notification: true }))).toBe(
      "ada mentioned you",
    );
    expect(describeNotification(n({ verb: "created", field: null }))).toBe(
      "ada created the work item and assigned you",
    );
  });

  it("names the person an agent acted for", () => {
    const agent = {
      triggered_by_details: { display_name: "Coder", is_bot: true },
      on_behalf_of_details: { display_name: "ada" },
    } as Partial<Notification>;
    expect(describeNotification(n({ field: "comment", verb: "created" }, agent))).toBe(
      "Coder on behalf of ada commented",
    );
    expect(notificationActor(n({ field: "state" }, agent))).toEqual({ name: "Coder", isBot: true, onBehalfOf: "ada" });
    expect(notificationActor(n({ field: "state" }))).toEqual({ name: "ada", isBot: false, onBehalfOf: null });
  });

  it("tells of project updates and comments on them", () => {
    const upd = (kind: "update" | "comment") =>
      ({
        receiver: "me",
        is_mentioned_notification: false,
        triggered_by_details: { display_name: "ada" },
        data: {
          project_update: {
            id: "u",
            key: "u",
            kind,
            status: "AT-RISK",
            project_id: "p",
            project_name: "Web",
            project_identifier: "WEB",
            comment_id: null,
          },
        },
      }) as unknown as Notification;
    expect(describeNotification(upd("update"))).toBe("ada posted a project update: At risk");
    expect(describeNotification(upd("comment"))).toBe("ada commented on your project update");
    expect(notificationSubject(upd("update"))).toEqual({ key: "WEB", title: "Web update" });
  });
});
