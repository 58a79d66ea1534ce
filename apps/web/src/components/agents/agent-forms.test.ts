import { describe, expect, it } from "vitest";
import { commitBodyOf, commitCheck, followUpBodyOf, followUpCheck } from "./agent-forms.ts";

const artifact = "0195f0a0-0000-7000-8000-000000000001";

describe("the commit form", () => {
  it("sends the message only when one is written, trimmed", async () => {
    expect(commitBodyOf(artifact)({ message: "  " })).toEqual({ artifact_id: artifact });
    expect(commitBodyOf(artifact)({ message: " Fix it " })).toEqual({ artifact_id: artifact, message: "Fix it" });
  });

  it("refuses on the message field what the server's body schema refuses (over 5000 characters)", async () => {
    expect(await commitCheck(artifact)({ message: "Fix it" })).toEqual({});
    expect(Object.keys(await commitCheck(artifact)({ message: "x".repeat(5001) }))).toEqual(["message"]);
  });
});

describe("the follow-up form", () => {
  const execution = "0195f0a0-0000-7000-8000-000000000002";
  it("sends the trimmed message to the same execution and its work item", async () => {
    expect(followUpBodyOf(execution, artifact)({ content: " Go on " })).toEqual({
      execution_config: {},
      content: "Go on",
      execution_id: execution,
      issue_id: artifact,
      tags: [],
    });
    expect(followUpBodyOf(execution, null)({ content: "Go on" })).not.toHaveProperty("issue_id");
  });

  it("refuses on the message field what the server's body schema refuses (over 100 000 characters)", async () => {
    expect(await followUpCheck(execution, null)({ content: "Go on" })).toEqual({});
    expect(Object.keys(await followUpCheck(execution, null)({ content: "x".repeat(100_001) }))).toEqual(["content"]);
  });
});
