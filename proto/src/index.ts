export * from "./auth.ts";
export * from "./community.ts";
export * from "./errors.ts";
export * from "./events.ts";
export * from "./portfolio.ts";
export * from "./pricing.ts";
export * from "./settings.ts";
