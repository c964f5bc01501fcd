import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
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

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ failOnCompileError: true }),
    precompressPlugin(),
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
      // Two pages: the admin app, and the public respondent page served at /public/ (its own small
      // entry: React without Mantine, the router or the query library).
      input: { main: "index.html", respondent: "respondent.html" },
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
