export * from "./allowlist.ts";
export * from "./rules.ts";
