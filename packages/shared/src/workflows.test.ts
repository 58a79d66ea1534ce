import { describe, expect, it } from "vitest";
import { workflowMove, workflowMovers, type WorkflowMove, type WorkflowStateRule } from "./workflows.ts";

const S = {
  backlog: { id: "s-backlog", name: "Backlog" },
  todo: { id: "s-todo", name: "Todo" },
  review: { id: "s-review", name: "In Review" },
  done: { id: "s-done", name: "Done" },
};
const names = new Map(Object.values(S).map((s) => [s.id, s.name]));
const people = new Map([
  ["u-ana", "Ana Lee"],
  ["u-bo", "Bo Chen"],
]);

const rules: WorkflowStateRule[] = [
  // Backlog → Todo (anyone who may edit)
  { state_id: S.backlog.id, transitions: [{ transition_state_id: S.todo.id, roles: [], member_ids: [] }] },
  // In Review → Done: admins and Ana; In Review → Todo: anyone
  {
    state_id: S.review.id,
    transitions: [
      { transition_state_id: S.done.id, roles: [20], member_ids: ["u-ana"] },
      { transition_state_id: S.todo.id, roles: [], member_ids: [] },
    ],
  },
  // Done: locked
  { state_id: S.done.id, transitions: [] },
];

const move = (from: keyof typeof S, to: keyof typeof S, actor: WorkflowMove["actor"], enabled = true) =>
  workflowMove({
    enabled,
    rules,
    from: S[from],
    to: S[to],
    actor,
    stateName: (id) => names.get(id),
    memberName: (id) => people.get(id),
  });

const member = { userId: "u-bo", role: 15 };
const admin = { userId: "u-adm", role: 20 };

describe("workflowMove", () => {
  it("allows everything while workflows are off", () => {
    expect(move("backlog", "done", member, false)).toEqual({ ok: true });
    expect(move("done", "backlog", member, false)).toEqual({ ok: true });
  });

  it("allows a listed move and refuses an unlisted one, naming where items may go", () => {
    expect(move("backlog", "todo", member)).toEqual({ ok: true });
    expect(move("backlog", "done", member)).toEqual({
      ok: false,
      reason: "transition",
      message: `This project's workflow doesn't allow moving work items from "Backlog" to "Done". Work items in "Backlog" can move to "Todo".`,
    });
    expect(move("review", "backlog", admin)).toMatchObject({
      ok: false,
      reason: "transition",
      message: expect.stringContaining(`can move to "Done" and "Todo".`),
    });
  });

  it("keeps items of a state whose rule lists no moves where they are", () => {
    expect(move("done", "todo", admin)).toMatchObject({
      ok: false,
      reason: "transition",
      message: expect.stringContaining(`Work items in "Done" can't move to another state.`),
    });
  });

  it("leaves states without a rule free, and a stay or a move out of no state is no move", () => {
    expect(move("todo", "done", member)).toEqual({ ok: true });
    expect(move("done", "done", member)).toEqual({ ok: true });
    expect(workflowMove({ enabled: true, rules, from: null, to: S.done, actor: member })).toEqual({ ok: true });
  });

  it("lets the listed roles and people make a restricted move, and tells others who may", () => {
    expect(move("review", "done", admin)).toEqual({ ok: true });
    expect(move("review", "done", { userId: "u-ana", role: 5 })).toEqual({ ok: true });
    // roles count by their bucket (a role between member and admin is a member)
    expect(move("review", "done", { userId: "u-x", role: 19 })).toMatchObject({ ok: false, reason: "actor" });
    expect(move("review", "done", member)).toEqual({
      ok: false,
      reason: "actor",
      message: `Only admins and Ana Lee can move work items from "In Review" to "Done" in this project's workflow.`,
    });
    expect(move("review", "done", { userId: null, role: null })).toMatchObject({ ok: false, reason: "actor" });
  });
});

describe("workflowMovers", () => {
  it("lists roles highest first, then people; people without a name are counted", () => {
    expect(workflowMovers({ roles: [5, 20, 15], member_ids: [] })).toBe("admins, members and guests");
    expect(workflowMovers({ roles: [], member_ids: ["u-ana", "u-gone", "u-gone2"] }, (id) => people.get(id))).toBe(
      "Ana Lee and 2 other people",
    );
  });
});
