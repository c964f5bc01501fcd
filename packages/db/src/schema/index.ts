export * from "./content";
export * from "./platform";
export * from "./tenants";
export * from "./users";
