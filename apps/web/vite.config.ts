import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { appShellRemoveScroll } from "./scripts/app-shell-remove-scroll";
import { firstLoadCatalog } from "./scripts/first-load-catalog";
import { pageModules } from "./scripts/page-modules";
import { precompressPlugin } from "./scripts/precompress";

const CORE_SOURCE = /[\\/]packages[\\/]core[\\/]src[\\/][^\\/]+\.ts$/;
const zodUsers = new Map<string, boolean>();
/**
 * A module of @kunto/core that imports zod, or the schemas module every such module builds on: it
 * belongs with zod in the `schemas` chunk (found by reading the file, so a new one cannot slip into
 * `core` and carry zod into every first load).
 */
function buildsSchemas(id: string): boolean {
  const file = id.split("?")[0] ?? id;
  let found = zodUsers.get(file);
  if (found === undefined) {
    found = /^import [^;]*from "(zod|\.\/schemas)";/m.test(readFileSync(file, "utf8"));
    zodUsers.set(file, found);
  }
  return found;
}

const API_TARGET = process.env.KUNTO_API_URL ?? "http://localhost:3000";

/**
 * The server rejects cookie-carrying writes from a foreign Origin (CSRF guard), so the dev
 * proxy presents requests as coming from the API's own origin.
 */
const proxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  configure: (server) => {
    server.on("proxyReq", (req) => {
      if (req.getHeader("origin")) req.setHeader("origin", new URL(API_TARGET).origin);
      req.removeHeader("referer");
    });
  },
};

/**
 * `/login` is the light sign-in page (sign-in.html), as the server answers it (apps/server/src/app.ts):
 * the dev server serves that page there too, instead of the app's index.html.
 */
const signInPage: Plugin = {
  name: "kunto-sign-in-page",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const match = /^\/login(\?.*)?$/.exec(req.url ?? "");
      if (match) req.url = `/sign-in.html${match[1] ?? ""}`;
      next();
    });
  },
};

const pages = pageModules(/[\\/]index\.html$/, /[\\/](sign-in|respondent)\.html$/);

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // The signed-in frame and the dashboard, where a sign-in lands, are not split off: their
        // code is part of the entry's first load (the `app` chunk below) instead of two lazy
        // chunks and a dozen small shared ones after it (issue 19.13, the dashboard's first load).
        splitBehavior: ({ routeId }) =>
          routeId === "/_authed" || routeId === "/_authed/t/$tenantId/dashboard" ? [] : undefined,
      },
    }),
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ failOnCompileError: true }),
    firstLoadCatalog({
      catalogs: /[\\/]src[\\/]locales[\\/][^\\/]+[\\/]messages\.po$/,
      entry: /[\\/]index\.html$/,
      routes: /[\\/]src[\\/]routes[\\/]/,
      i18n: fileURLToPath(new URL("./src/lib/i18n.ts", import.meta.url)),
    }),
    precompressPlugin(),
    pages.plugin,
    appShellRemoveScroll(),
    signInPage,
  ],
  server: {
    port: 5173,
    proxy: { "/trpc": proxy, "/api": proxy },
  },
  build: {
    target: "es2022",
    // The lazily loaded password estimator chunk is ~1.7 MB (its dictionaries); all else is small.
    chunkSizeWarningLimit: 1800,
    rollupOptions: {
      // Three pages: the admin app, the public respondent page served at /public/ and the sign-in
      // page served at /login (each of the two its own small entry: React without Mantine, the
      // router or the query library).
      input: { main: "index.html", respondent: "respondent.html", signIn: "sign-in.html" },
      output: {
        codeSplitting: {
          // Groups by priority (a group takes its modules' dependencies with it, unless a group of
          // higher priority has taken them already):
          // - `shared`: what the light pages (sign-in, respondent) share with the app, mostly React
          //   and Lingui; one chunk all three pages load.
          // - `core-light`: the languages and the password policy, all the sign-in page takes of
          //   @kunto/core besides, so it does not load the rest.
          // - `app`: everything else the app's entry imports statically, which with the frame and
          //   the dashboard (above) is the signed-in first load, in one chunk: gzip compresses one
          //   big file better than the seventy small ones the bundler made of it by the sets of
          //   lazy routes sharing each module (issue 19.13).
          // - `core`, `schemas`: zod and the shared form schemas build their schemas when loaded,
          //   so they stay in a chunk of their own that only the forms load; the rest of
          //   @kunto/core is taken first, so the schemas group does not pull it in. No module of the
          //   first load (and none of `core`) may import zod: its group would take zod with it
          //   into every first load (about 25 kB gzip; `api-keys.ts` in `core` did).
          groups: [
            {
              name: "shared",
              priority: 6,
              // (The light pages import @kunto/core through its barrel, so all of it seems shared.)
              test: (id) =>
                pages.shared(id) && !/[\\/]packages[\\/]core[\\/]|[\\/]node_modules[\\/]zod[\\/]/.test(id),
            },
            {
              name: "core-light",
              priority: 5,
              test: /[\\/]packages[\\/]core[\\/]src[\\/](languages|password-policy)\.ts$/,
            },
            {
              name: "app",
              priority: 4,
              tags: ["$initial"],
              test: (id) => !pages.light(id),
            },
            {
              name: "core",
              priority: 2,
              test: (id) => CORE_SOURCE.test(id) && !buildsSchemas(id) && !/[\\/]password\.ts$/.test(id),
            },
            {
              name: "schemas",
              priority: 1,
              test: (id) =>
                /[\\/]node_modules[\\/]zod[\\/]/.test(id) || (CORE_SOURCE.test(id) && buildsSchemas(id)),
            },
          ],
        },
      },
    },
  },
});
