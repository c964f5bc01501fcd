import { strykerConfig } from "../../tooling/mutate/stryker.base.mjs";

export default strykerConfig({ mutate: ["src/**/*.ts", "!src/**/*.test.ts"] });
