export * from "./password-hash";
export * from "./rate-limit";
export * from "./sessions";
export * from "./tokens";
export * from "./totp";
export * from "./device-cookie";
export * from "./secrets";
