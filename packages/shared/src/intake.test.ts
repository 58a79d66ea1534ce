import { describe, expect, it } from "vitest";
import {
  INTAKE_ERRORS,
  INTAKE_STATUS,
  INTAKE_TAB_STATUSES,
  effectiveIntakeStatus,
  intakeSnoozeUntil,
  intakeTabOf,
  intakeTabParam,
  nextIntakeState,
  type IntakeState,
} from "./intake.ts";

const pending: IntakeState = { status: INTAKE_STATUS.pending, snoozed_till: null, duplicate_to: null };
const now = new Date("2026-03-10T12:00:00Z");

describe("intake tabs", () => {
  it("counts a snoozed item whose date has passed as pending (Open tab); closed statuses go to Closed", () => {
    expect(intakeTabOf({ status: -2, snoozed_till: null }, now)).toBe("open");
    expect(intakeTabOf({ status: 0, snoozed_till: "2026-03-10T11:59:59Z" }, now)).toBe("open");
    expect(effectiveIntakeStatus({ status: 0, snoozed_till: "2026-03-10T11:59:59Z" }, now)).toBe(-2);
    expect(intakeTabOf({ status: 0, snoozed_till: "2026-03-11T00:00:00Z" }, now)).toBe("snoozed");
    for (const s of [-1, 1, 2]) expect(intakeTabOf({ status: s, snoozed_till: null }, now)).toBe("closed");
  });
});

describe("nextIntakeState", () => {
  it("has a Snoozed tab asking for status 0; the URL names a tab, Open by default", () => {
    expect(INTAKE_TAB_STATUSES.snoozed).toEqual([0]);
    expect(intakeTabParam("snoozed")).toBe("snoozed");
    expect(intakeTabParam("closed")).toBe("closed");
    expect(intakeTabParam(null)).toBe("open");
    expect(intakeTabParam("bogus")).toBe("open");
  });

  it("snoozes with a date and returns to pending when the date is cleared", () => {
    const s = nextIntakeState(pending, { snoozed_till: "2026-03-12T00:00:00.000Z" });
    expect(s).toEqual({
      ok: true,
      next: { status: 0, snoozed_till: "2026-03-12T00:00:00.000Z", duplicate_to: null },
      accept: false,
      unaccept: false,
    });
    const snoozed = (s as { next: IntakeState }).next;
    expect(nextIntakeState(snoozed, { snoozed_till: null })).toMatchObject({
      ok: true,
      next: { status: -2, snoozed_till: null },
    });
    expect(nextIntakeState(pending, { status: 0 })).toEqual({
      ok: false,
      field: "snoozed_till",
      message: INTAKE_ERRORS.snoozeDate,
    });
  });

  it("marks a duplicate with its target, refuses none or itself, and clears the target on leaving", () => {
    expect(nextIntakeState(pending, { duplicate_to: "b" }, "a")).toMatchObject({
      ok: true,
      next: { status: 2, duplicate_to: "b" },
    });
    expect(nextIntakeState(pending, { status: 2 }, "a")).toEqual({
      ok: false,
      field: "duplicate_to",
      message: INTAKE_ERRORS.duplicateTarget,
    });
    expect(nextIntakeState(pending, { status: 2, duplicate_to: "a" }, "a")).toEqual({
      ok: false,
      field: "duplicate_to",
      message: INTAKE_ERRORS.duplicateSelf,
    });
    const dup: IntakeState = { status: 2, snoozed_till: null, duplicate_to: "b" };
    expect(nextIntakeState(dup, { status: -1 })).toMatchObject({ ok: true, next: { status: -1, duplicate_to: null } });
  });

  it("says when an item enters or leaves the project's work items", () => {
    expect(nextIntakeState(pending, { status: 1 })).toMatchObject({ ok: true, accept: true, unaccept: false });
    const accepted: IntakeState = { status: 1, snoozed_till: null, duplicate_to: null };
    expect(nextIntakeState(accepted, { status: 1 })).toMatchObject({ ok: true, accept: false, unaccept: false });
    expect(nextIntakeState(accepted, { status: -1 })).toMatchObject({ ok: true, accept: false, unaccept: true });
    expect(nextIntakeState(pending, { status: 7 })).toEqual({
      ok: false,
      field: "status",
      message: INTAKE_ERRORS.status,
    });
    // accepting clears a snooze
    expect(nextIntakeState({ status: 0, snoozed_till: "x", duplicate_to: null }, { status: 1 })).toMatchObject({
      next: { status: 1, snoozed_till: null },
    });
  });

  it("snooze options land at the start of a later local day", () => {
    const d = intakeSnoozeUntil(3, new Date(2026, 2, 10, 15, 30));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 2, 13, 0, 0]);
  });
});
