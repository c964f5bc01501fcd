import type { Plugin } from "vite";

/** Whether a module is in the static import graph of the light pages, of the app, of both. */
export interface PageModules {
  plugin: Plugin;
  /** Imported by the sign-in or the respondent page. */
  light: (id: string) => boolean;
  /** Imported by the sign-in or the respondent page and by the app. */
  shared: (id: string) => boolean;
}

/**
 * The static import graphs of the app's entry and of the light pages' (the sign-in and respondent
 * entries). Known at `buildEnd`, once every module is parsed and before the chunks are made, so
 * `codeSplitting` groups can keep the light pages' modules out of the app's chunk: a light page
 * that imports one module of a big chunk loads all of it. The graphs go through barrel files
 * (`@kunto/core`), so they can be larger than what a page uses: on the safe side for keeping
 * modules out of the app's chunk, not for putting them into the shared one (vite.config.ts).
 */
export function pageModules(app: RegExp, lightPages: RegExp): PageModules {
  const appModules = new Set<string>();
  const lightModules = new Set<string>();
  let known = false;
  const plugin: Plugin = {
    name: "kunto-page-modules",
    apply: "build",
    buildStart() {
      appModules.clear();
      lightModules.clear();
      known = false;
    },
    buildEnd() {
      const graph = (entry: RegExp, into: Set<string>) => {
        const queue = [...this.getModuleIds()].filter(
          (id) => entry.test(id) && this.getModuleInfo(id)?.isEntry,
        );
        if (queue.length === 0) throw new Error(`no entry matches ${entry}`);
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      graph(app, appModules);
      graph(lightPages, lightModules);
      known = true;
    },
  };
  const check = () => {
    if (!known) throw new Error("the pages' modules are known only once the build has parsed them");
  };
  return {
    plugin,
    light: (id) => {
      check();
      return lightModules.has(id);
    },
    shared: (id) => {
      check();
      return lightModules.has(id) && appModules.has(id);
    },
  };
}
