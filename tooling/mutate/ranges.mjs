// Stryker `mutate` entries for single top-level functions of a file (issue 17.9): services that
// also hold SQL are mutated only where they compute in JavaScript. The line range is found when
// Stryker loads its config, so the entry follows the function as the file around it changes.
import { readFileSync } from "node:fs";

/**
 * `file:start-end` (1-based lines) for each named top-level function of `file`, a path relative to
 * `configUrl` (the package's stryker.config.mjs, `import.meta.url`): `function name(` up to its closing `}` at the start of a line, or `const name =` up to
 * the first line ending in `;` that the next line does not continue (an indented line). Throws
 * when a name is missing, so a renamed function fails the run instead of silently mutating nothing.
 */
export function functionRanges(configUrl, file, names) {
  const lines = readFileSync(new URL(file, configUrl), "utf8").split("\n");
  return names.map((name) => {
    const start = lines.findIndex((line) =>
      new RegExp(`^(export )?(async )?(function ${name}\\b|const ${name}\\b)`).test(line),
    );
    if (start < 0) throw new Error(`mutate: no top-level function ${name} in ${file}`);
    let end = start;
    if (/\bfunction\b/.test(lines[start])) {
      while (end < lines.length && lines[end] !== "}") end++;
    } else {
      while (end < lines.length && !(lines[end].trimEnd().endsWith(";") && !/^\s/.test(lines[end + 1] ?? "")))
        end++;
    }
    if (end >= lines.length) throw new Error(`mutate: no end of ${name} in ${file}`);
    return `${file}:${start + 1}-${end + 1}`;
  });
}
