export * from "./client";
export * from "./embedded";
export * from "./migrate";
export * from "./open";
export * as schema from "./schema";
export { SYSTEM_ROLE } from "./schema/columns";
export * from "./scope";
export { loadDefaultContent } from "./seed/content";
