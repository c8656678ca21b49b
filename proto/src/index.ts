export * from "./auth.ts";
export * from "./errors.ts";
export * from "./events.ts";
export * from "./portfolio.ts";
export * from "./pricing.ts";
