import { describe, expect, it } from "vitest";
import { OAUTH_PROVIDER_CONFIG, missingProviderSettings, providerConfigErrors } from "./oauth-providers.ts";

const empty = { IS_GOOGLE_ENABLED: "0", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" };

describe("providerConfigErrors", () => {
  it("refuses switching a provider on while its credentials are empty", () => {
    expect(providerConfigErrors(empty, { IS_GOOGLE_ENABLED: "1" })).toEqual({
      GOOGLE_CLIENT_ID: ["Required while Google sign-in is on."],
      GOOGLE_CLIENT_SECRET: ["Required while Google sign-in is on."],
    });
    expect(providerConfigErrors(empty, { IS_GOOGLE_ENABLED: "1", GOOGLE_CLIENT_ID: "id" })).toEqual({
      GOOGLE_CLIENT_SECRET: ["Required while Google sign-in is on."],
    });
  });
  it("accepts switching on with the credentials, in the same change or before", () => {
    expect(
      providerConfigErrors(empty, { IS_GOOGLE_ENABLED: "1", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }),
    ).toEqual({});
    expect(
      providerConfigErrors({ ...empty, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }, { IS_GOOGLE_ENABLED: "1" }),
    ).toEqual({});
  });
  it("refuses emptying a credential while the provider is on, and allows it once off", () => {
    const on = { IS_GOOGLE_ENABLED: "1", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" };
    expect(providerConfigErrors(on, { GOOGLE_CLIENT_SECRET: " " })).toEqual({
      GOOGLE_CLIENT_SECRET: ["Required while Google sign-in is on."],
    });
    expect(providerConfigErrors(on, { IS_GOOGLE_ENABLED: "0", GOOGLE_CLIENT_SECRET: "" })).toEqual({});
  });
  it("does not judge providers the change leaves alone", () => {
    expect(providerConfigErrors({ IS_GITHUB_ENABLED: "1" }, { ENABLE_SIGNUP: "0" })).toEqual({});
  });
  it("needs the host of self-hosted providers but not GitHub's organization", () => {
    const gitlab = OAUTH_PROVIDER_CONFIG.find((p) => p.key === "gitlab")!;
    expect(missingProviderSettings(gitlab, { GITLAB_CLIENT_ID: "a", GITLAB_CLIENT_SECRET: "b" })).toEqual([
      "GITLAB_HOST",
    ]);
    const github = OAUTH_PROVIDER_CONFIG.find((p) => p.key === "github")!;
    expect(missingProviderSettings(github, { GITHUB_CLIENT_ID: "a", GITHUB_CLIENT_SECRET: "b" })).toEqual([]);
  });
});
