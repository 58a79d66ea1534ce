export * from "./allowlist.ts";
export * from "./rules.ts";
export * from "./text.ts";
