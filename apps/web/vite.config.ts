import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { precompressPlugin } from "./scripts/precompress";

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

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ failOnCompileError: true }),
    precompressPlugin(),
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
          // zod and the shared form schemas build their schemas when loaded, so they stay in a
          // chunk of their own that only the forms load. Left to itself the bundler merges them
          // with the small rules and constants every screen imports, and the first load of any
          // screen carries zod (about 25 kB gzip; issue 8's first-load budget). The rest of
          // @kunto/core (no zod, no password dictionaries) is one small chunk of its own, taken
          // first, so the schemas group does not pull it in as its dependencies.
          groups: [
            {
              // The languages and the password policy, all the light sign-in page takes of
              // @kunto/core: a chunk of their own, so it does not load the rest.
              name: "core-light",
              priority: 3,
              test: /[\\/]packages[\\/]core[\\/]src[\\/](languages|password-policy)\.ts$/,
            },
            {
              name: "core",
              priority: 2,
              test: /[\\/]packages[\\/]core[\\/]src[\\/](?!(schemas|task-schemas|survey-schemas|survey-templates|password)\.ts$)[^\\/]+\.ts$/,
            },
            {
              name: "schemas",
              priority: 1,
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]core[\\/]src[\\/](schemas|task-schemas|survey-schemas|survey-templates)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
