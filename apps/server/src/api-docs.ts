import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";

const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve("swagger-ui-dist/package.json"));
const FILES: Record<string, string> = {
  "swagger-ui.css": "text/css",
  "swagger-ui-bundle.js": "application/javascript",
  "swagger-ui-standalone-preset.js": "application/javascript",
  "favicon-32x32.png": "image/png",
};

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kunto API</title>
<link rel="stylesheet" href="./swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js"></script>
<script src="./initializer.js"></script>
</body></html>`;
// Tags start folded: Swagger UI 5.35 stops drawing a fully expanded list past ~125 operations
// (the first three show, nothing after, no error), and a folded list is quicker to scan anyway.
const INITIALIZER = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, docExpansion: "none" });`;

/** Swagger UI served from the npm package: the docs page makes no external request. */
export function apiDocsRoutes() {
  const docs = new Hono();
  docs.get("/", (c) => c.redirect("/api-docs/index.html"));
  docs.get("/index.html", (c) => c.html(INDEX));
  docs.get("/initializer.js", (c) => c.body(INITIALIZER, 200, { "content-type": "application/javascript" }));
  docs.get("/:file", async (c) => {
    const file = c.req.param("file");
    const type = FILES[file];
    if (!type) return c.notFound();
    return c.body(await readFile(join(swaggerDir, file)), 200, {
      "content-type": type,
      "cache-control": "public, max-age=86400",
    });
  });
  return docs;
}
