import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/** `ee` is the product's code for Estonian (DECISIONS.md "Other"); English is the fallback. */
export default defineConfig({
  locales: ["en", "fi", "ee", "ru", "pl"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: [
        "**/node_modules/**",
        "**/routeTree.gen.ts",
        "<rootDir>/src/respondent/**",
        "<rootDir>/src/sign-in/**",
      ],
    },
    // The public respondent page loads only its own messages (issue 7: its bundle stays small).
    {
      path: "<rootDir>/src/respondent/locales/{locale}/messages",
      include: ["<rootDir>/src/respondent"],
      exclude: ["**/node_modules/**"],
    },
    // The sign-in page likewise (issue 19.13: its first load stays small).
    {
      path: "<rootDir>/src/sign-in/locales/{locale}/messages",
      include: ["<rootDir>/src/sign-in"],
      exclude: ["**/node_modules/**"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
