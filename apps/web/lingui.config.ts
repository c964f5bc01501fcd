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
      exclude: ["**/node_modules/**", "**/routeTree.gen.ts"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
