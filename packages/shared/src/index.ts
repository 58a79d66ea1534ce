export * from "./roles.ts";
export * from "./constants.ts";
export * from "./auth-codes.ts";
export * from "./sort-order.ts";
export * from "./password.ts";
export * from "./navigation.ts";
export * from "./password-score.ts";
export * from "./issue-filters/index.ts";
