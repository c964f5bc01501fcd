export * from "./outbox";
export * from "./templates";
