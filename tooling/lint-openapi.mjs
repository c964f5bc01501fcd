// `pnpm lint:openapi`: builds the REST document without a server (apps/server src/cli/openapi.ts)
// into a temporary file and lints it with Spectral (`spectral:oas`, .spectral.yaml: fails on any
// error) and Redocly (redocly.yaml: `recommended-strict`, so any warning fails). Issue 20.3.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const bin = (dir, name) => join(root, dir, "node_modules", ".bin", name);

function run(label, command, args, cwd = root) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.on("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`\n${label}: ${code === 0 ? "ok" : `failed (${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "kunto-openapi-"));
const file = join(dir, "openapi.json");
try {
  const built = await run(
    "document",
    bin("apps/server", "tsx"),
    ["src/cli/openapi.ts", file],
    join(root, "apps/server"),
  );
  if (built !== 0) process.exit(built);
  const codes = await Promise.all([
    run("spectral", bin(".", "spectral"), [
      "lint",
      file,
      "--ruleset",
      join(root, ".spectral.yaml"),
      "--fail-severity",
      "error",
      "--format",
      "text",
    ]),
    run("redocly", bin(".", "redocly"), [
      "lint",
      file,
      "--config",
      join(root, "redocly.yaml"),
      "--format",
      "stylish",
    ]),
  ]);
  process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
