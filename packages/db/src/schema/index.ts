export * from "./content";
export * from "./platform";
export * from "./sandbox";
export * from "./tenants";
export * from "./users";
export * from "./surveys";
