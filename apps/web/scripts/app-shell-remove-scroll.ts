import type { Plugin } from "vite";

const SHIM = "\0kunto-app-shell-remove-scroll";

/**
 * Mantine's AppShell imports `react-remove-scroll` only to read `RemoveScroll.classNames` (the
 * class that keeps its header clear of the scrollbar while a modal locks the page's scroll), yet
 * that brings the whole library (its scroll lock, side car and style singleton, ~4 kB gzip) into
 * the signed-in first load (issue 19.13). For the AppShell's modules the import resolves to these
 * class names alone, read from the same constants the library uses; modals keep the real one.
 */
export function appShellRemoveScroll(): Plugin {
  /** `react-remove-scroll-bar/constants`, as the library imports it. */
  let constants: string | null = null;
  return {
    name: "kunto-app-shell-remove-scroll",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer) {
      if (source !== "react-remove-scroll" || !importer) return null;
      if (!/[\\/]@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]/.test(importer)) return null;
      const library = await this.resolve(source, importer, { skipSelf: true });
      if (!library) return null;
      constants ??= (await this.resolve("react-remove-scroll-bar/constants", library.id))?.id ?? null;
      if (!constants) throw new Error("react-remove-scroll-bar/constants was not found");
      return SHIM;
    },
    load(id) {
      if (id !== SHIM || !constants) return null;
      return [
        // The constants the library's own `RemoveScroll.classNames` is made of (its UI.js).
        `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(constants)};`,
        "export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };",
      ].join("\n");
    },
  };
}
