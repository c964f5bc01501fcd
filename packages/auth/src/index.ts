export * from "./device-cookie";
export * from "./password-hash";
export * from "./rate-limit";
export * from "./secrets";
export * from "./sessions";
export * from "./tokens";
export * from "./totp";
