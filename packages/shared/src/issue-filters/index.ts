export * from "./errors.ts";
export * from "./ast.ts";
export * from "./dates.ts";
export * from "./order.ts";
export * from "./group.ts";
export * from "./legacy.ts";
export * from "./rich.ts";
export * from "./display.ts";
