import type { Plugin, Rollup } from "vite";

/** The import suffix of a catalog's first part: `../locales/en/messages.po?first-load`. */
const FIRST_LOAD = "?first-load";

/**
 * Splits each of the app's message catalogs in two at build time (issue 19.13, the dashboard's
 * first load): `messages.po?first-load` has the messages that the code of the app's first load
 * uses (the entry and its static imports: the shell and the dashboard), `messages.po` all others.
 * The .po files, `lingui extract` and `pnpm i18n:check` stay as they are; only the compiled
 * chunks are cut. The first part is found from the message ids in the first load's modules (the
 * macros compile each message to its id), so no list is kept by hand.
 *
 * The other screens wait for the rest before they render (src/lib/i18n.ts `loadWholeCatalog`):
 * the router's import of a lazily loaded route component (a `?tsr-split=` module) waits for it
 * too, which this plugin adds; a lazy component outside the routes uses `withWholeCatalog`.
 * In development both imports are the whole catalog.
 *
 * `catalogs`: the app's .po files (not the light pages', which have catalogs of their own);
 * `entry`: the app's entry module; `routes`: the route files; `i18n`: the module exporting
 * `loadWholeCatalog`.
 */
export function firstLoadCatalog(options: {
  catalogs: RegExp;
  entry: RegExp;
  routes: RegExp;
  i18n: string;
}): Plugin {
  let build = false;
  /** Each catalog's compiled messages, by the catalog's module id. */
  const compiled = new Map<string, Record<string, unknown>>();
  /** The catalog parts: until the chunks are rendered, each part's messages are a placeholder. */
  const parts = new Map<string, { catalog: string; first: boolean }>();
  const placeholder = (catalog: string, first: boolean) => {
    const key = `__kunto_catalog_${parts.size}__`;
    parts.set(key, { catalog, first });
    return `export const messages = JSON.parse(${JSON.stringify(key)});`;
  };
  /** The message ids the first load uses (the words of its modules), once per output. */
  let firstLoadWords: Set<string> | null = null;

  return {
    name: "kunto-first-load-catalog",
    enforce: "post",
    configResolved(config) {
      build = config.command === "build";
    },
    async resolveId(source, importer) {
      if (!source.endsWith(FIRST_LOAD) || !importer) return null;
      const catalog = await this.resolve(source.slice(0, -FIRST_LOAD.length), importer, { skipSelf: true });
      if (!catalog || !options.catalogs.test(catalog.id)) return null;
      return catalog.id + FIRST_LOAD;
    },
    async load(id) {
      if (!id.endsWith(FIRST_LOAD)) return null;
      const catalog = id.slice(0, -FIRST_LOAD.length);
      if (!build) return `export { messages } from ${JSON.stringify(catalog)};`;
      await this.load({ id: catalog }); // compiled by @lingui/vite-plugin, kept by `transform`
      return { code: placeholder(catalog, true), moduleType: "js" };
    },
    transform(code, id) {
      // The router's lazy import of a route's component (TanStack Router's code splitting) waits
      // for the rest of the catalog too. (An await in the split module itself, top-level, would
      // do the same, but it changes how the bundler makes the chunks.)
      if (options.routes.test(id) && !id.includes("?tsr-split=") && code.includes("?tsr-split=")) {
        const waiting = code.replace(
          /\bimport\(("[^"]*\?tsr-split=[^"]*")\)/g,
          "Promise.all([import($1), __loadWholeCatalog()]).then(([module]) => module)",
        );
        if (waiting === code) throw new Error(`${id}: the router's lazy imports were not found`);
        return `import { loadWholeCatalog as __loadWholeCatalog } from ${JSON.stringify(options.i18n)};\n${waiting}`;
      }
      if (!build || !options.catalogs.test(id)) return null;
      // @lingui/vite-plugin compiles a catalog to `export const messages=JSON.parse("…")`.
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
      if (!literal) throw new Error(`${id}: not a compiled Lingui catalog`);
      compiled.set(id, JSON.parse(JSON.parse(literal)));
      return { code: placeholder(id, false), map: null };
    },
    renderStart() {
      firstLoadWords = null;
    },
    renderChunk(code, _chunk, _options, meta) {
      const keys = code.match(/__kunto_catalog_\d+__/g);
      if (!keys) return null;
      firstLoadWords ??= wordsOfFirstLoad(this, Object.values(meta.chunks), options.entry);
      const used = firstLoadWords;
      let result = code;
      for (const key of new Set(keys)) {
        const part = parts.get(key);
        const messages = part && compiled.get(part.catalog);
        if (!part || !messages) throw new Error(`unknown catalog part ${key}`);
        const kept = Object.entries(messages).filter(([id]) => used.has(id) === part.first);
        const json = JSON.stringify(JSON.stringify(Object.fromEntries(kept)));
        result = result.replace(new RegExp(`(["'\`])${key}\\1`, "g"), () => json);
      }
      return { code: result, map: null };
    },
  };
}

/**
 * The words (runs of identifier characters, `+`, `/`, `.` and `-`) of the app's own modules, as
 * transformed, in the entry's chunk and the chunks it imports statically: among them the ids of
 * the messages they use.
 */
function wordsOfFirstLoad(
  context: Rollup.PluginContext,
  chunks: Rollup.RenderedChunk[],
  entry: RegExp,
): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const start = chunks.find((chunk) => chunk.isEntry && entry.test(chunk.facadeModuleId ?? ""));
  if (!start) throw new Error(`no entry chunk matches ${entry}`);
  const words = new Set<string>();
  const seen = new Set<string>();
  for (let queue = [start], chunk = queue.pop(); chunk; chunk = queue.pop()) {
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) {
      if (/[\\/]node_modules[\\/]/.test(id)) continue;
      for (const word of context.getModuleInfo(id)?.code?.match(/[\w+/.-]+/g) ?? []) words.add(word);
    }
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) queue.push(next);
    }
  }
  return words;
}
