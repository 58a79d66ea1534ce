import { describe, expect, it } from "vitest";
import { DEFAULT_PREFS, newMentions, preferenceOf, reasonOf, recipientsOf, type ItemFacts } from "./rules.ts";

const item: ItemFacts = { creatorId: "c", assigneeIds: ["a"], subscriberIds: ["c", "s", "actor"], mentionedIds: [] };
const all = () => true;

describe("notification recipients", () => {
  it("tells subscribers and assignees of a change, never the actor", () => {
    const r = recipientsOf({ verb: "updated", field: "priority", actorId: "actor" }, item, all);
    expect(r.sort((x, y) => x.receiverId.localeCompare(y.receiverId))).toEqual([
      { receiverId: "a", reason: "assigned" },
      { receiverId: "c", reason: "created" },
      { receiverId: "s", reason: "subscribed" },
    ]);
  });

  it("tells only the assignees of a new item, and the people it mentions", () => {
    const r = recipientsOf({ verb: "created", field: null, actorId: "c" }, { ...item, mentionedIds: ["m", "c"] }, all);
    expect(r).toEqual([
      { receiverId: "m", reason: "mentioned" },
      { receiverId: "a", reason: "assigned" },
    ]);
  });

  it("a mention wins over the follower's reason and is sent once", () => {
    const r = recipientsOf(
      { verb: "created", field: "comment", actorId: "actor" },
      { ...item, mentionedIds: ["s"] },
      all,
    );
    expect(r.filter((x) => x.receiverId === "s")).toEqual([{ receiverId: "s", reason: "mentioned" }]);
  });

  it("skips people who cannot see the item", () => {
    const r = recipientsOf(
      { verb: "updated", field: "name", actorId: "actor" },
      { ...item, mentionedIds: ["g"] },
      (u) => u !== "s" && u !== "g",
    );
    expect(r.map((x) => x.receiverId).sort()).toEqual(["a", "c"]);
  });

  it("respects each receiver's preferences by kind of change", () => {
    const prefs = (u: string) =>
      u === "a"
        ? { ...DEFAULT_PREFS, stateChange: false, mention: false }
        : u === "c"
          ? { ...DEFAULT_PREFS, issueCompleted: false }
          : DEFAULT_PREFS;
    const toStarted = recipientsOf(
      { verb: "updated", field: "state", actorId: "actor", newStateGroup: "started" },
      item,
      all,
      prefs,
    );
    expect(toStarted.map((x) => x.receiverId).sort()).toEqual(["c", "s"]);
    const toDone = recipientsOf(
      { verb: "updated", field: "state", actorId: "actor", newStateGroup: "completed" },
      item,
      all,
      prefs,
    );
    expect(toDone.map((x) => x.receiverId).sort()).toEqual(["a", "s"]);
    const mention = recipientsOf(
      { verb: "created", field: "comment", actorId: "actor" },
      { ...item, subscriberIds: [], assigneeIds: [], mentionedIds: ["a"] },
      all,
      prefs,
    );
    expect(mention).toEqual([]);
  });

  it("sends nothing for reactions, ordering, deleted comments or the parent's side of a move", () => {
    for (const field of ["reaction", "sort_order", "sub_issue", "vote"])
      expect(recipientsOf({ verb: "updated", field, actorId: "x" }, item, all)).toEqual([]);
    expect(preferenceOf({ verb: "deleted", field: "comment", actorId: "x" })).toBeNull();
    expect(preferenceOf({ verb: "created", field: "comment", actorId: "x" })).toBe("comment");
    // a snoozed intake request coming back at its date has no actor and is nobody's news; a person's triage is
    expect(preferenceOf({ verb: "updated", field: "intake", actorId: null })).toBeNull();
    expect(preferenceOf({ verb: "updated", field: "intake", actorId: "x" })).toBe("propertyChange");
  });

  it("reasons: assigned beats created beats subscribed", () => {
    expect(reasonOf("a", { ...item, creatorId: "a" })).toBe("assigned");
    expect(reasonOf("c", item)).toBe("created");
    expect(reasonOf("z", item)).toBe("subscribed");
  });

  it("new mentions are those the previous text did not have", () => {
    expect(newMentions(["a", "b"], ["b", "c", "c"])).toEqual(["c"]);
    expect(newMentions([], ["a"])).toEqual(["a"]);
  });
});
