import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the server sends often enough to be worth a compressed sibling. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
// Small chunks too: the app loads dozens of sub-kilobyte chunks, and brotli still halves them.
const MIN_BYTES = 128;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`, where that saves bytes. */
export async function precompress(dir: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const data = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < data.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
}

/**
 * Compresses the build once, so the server sends `.br` / `.gz` siblings by Accept-Encoding
 * (`serveStatic({ precompressed: true })`) instead of compressing on every request.
 */
export function precompressPlugin(): Plugin {
  let outDir = "dist";
  return {
    name: "kunto-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
