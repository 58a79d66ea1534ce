import { describe, expect, it } from "vitest";
import { JiraCsvError, jiraPriority, parseCsv, parseJiraCsv } from "./jira.ts";

describe("Jira CSV", () => {
  it("parses RFC 4180: quotes, doubled quotes, commas and line breaks in fields, CRLF, a BOM", () => {
    expect(parseCsv('\ufeffa,b\r\n"x, ""y""","line1\nline2"\r\n\r\n')).toEqual([
      ["a", "b"],
      ['x, "y"', "line1\nline2"],
    ]);
  });

  it("reads repeated columns, comments, assignees by email and parents by issue id", () => {
    const csv = [
      "Summary,Issue key,Issue id,Status,Priority,Assignee,Labels,Labels,Parent id,Comment",
      'Parent,K-1,100,Open,Blocker,a@x.io,one,two,,"01/Jan/26 9:00 AM;b@x.io;Hi, there"',
      "Child,K-2,101,Closed,Trivial,,two,,100,plain note",
    ].join("\n");
    const { items, users } = parseJiraCsv(csv);
    expect(
      items.map((i) => [i.external_id, i.priority, i.status, i.parent, i.assignees, i.labels.map((l) => l.name)]),
    ).toEqual([
      ["K-1", "urgent", "Open", null, ["a@x.io"], ["one", "two"]],
      ["K-2", "low", "Closed", "K-1", [], ["two"]],
    ]);
    expect(items[0].comments).toEqual([{ external_id: "K-1#comment-1", html: "<p>Hi, there</p>", author: "b@x.io" }]);
    expect(items[1].comments).toEqual([{ external_id: "K-2#comment-1", html: "<p>plain note</p>", author: null }]);
    expect(users).toEqual([
      { key: "a@x.io", name: "a@x.io", email: "a@x.io" },
      { key: "b@x.io", name: "b@x.io", email: "b@x.io" },
    ]);
  });

  it("refuses files that are not Jira exports", () => {
    expect(() => parseJiraCsv("")).toThrow(JiraCsvError);
    expect(() => parseJiraCsv("Summary,Other\nx,y")).toThrow("no Issue key column");
    expect(() => parseJiraCsv("Summary,Issue key\n")).toThrow("no issues");
  });

  it("maps priorities", () => {
    expect(["Highest", "High", "Medium", "Low", "Lowest", "Custom"].map(jiraPriority)).toEqual([
      "urgent",
      "high",
      "medium",
      "low",
      "low",
      "none",
    ]);
  });
});
