/** Catalogs are compiled from .po on import by @lingui/vite-plugin. */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** The first part of a catalog: the messages of the app's first load (scripts/first-load-catalog.ts). */
declare module "*.po?first-load" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
