export * from "./content";
export * from "./notifications";
export * from "./platform";
export * from "./sandbox";
export * from "./surveys";
export * from "./tasks";
export * from "./tenants";
export * from "./users";
